import type { SVGProps } from 'react';
import type { IconName } from '../../navigation.ts';

/** Small stroke icons (24x24 viewBox), so the shell needs no icon library. */
const paths: Record<
  | IconName
  | 'menu'
  | 'menuFold'
  | 'menuUnfold'
  | 'fullscreen'
  | 'exitFullscreen'
  | 'lock'
  | 'bell'
  | 'globe'
  | 'refresh'
  | 'close'
  | 'chevronDown'
  | 'chevronRight'
  | 'chevronLeft'
  | 'language'
  | 'logout'
  | 'more',
  string
> = {
  home: 'M3 11.5 12 4l9 7.5M5 10v10h5v-6h4v6h5V10',
  setting:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1c.6.5 1.3.9 2 1.2l.4 2.6h5l.4-2.6c.7-.3 1.4-.7 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  member: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10v-1a6 6 0 0 1 12 0v1m2-10a3 3 0 1 0 0-6m2 16v-1a5 5 0 0 0-3-4.6',
  article: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  resource: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  question: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14m0 3h.01',
  paper: 'M7 3h10v18H7zM10 7h4M10 11h4M10 15h2',
  homework: 'M4 19.5V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2.5ZM6 21h14M8 7h8M8 11h6',
  other: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  inbox: 'M3 13h5l1.5 3h5L16 13h5M5.5 5h13L21 13v6H3v-6z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0',
  menu: 'M4 6h16M4 12h16M4 18h16',
  menuFold: 'M4 6h16M11 12h9M4 18h16M8 9.5 5 12l3 2.5',
  menuUnfold: 'M4 6h16M11 12h9M4 18h16M5 9.5 8 12l-3 2.5',
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  exitFullscreen: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  bell: 'M18 16V11a6 6 0 1 0-12 0v5l-2 2h16zM10 21h4',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  refresh: 'M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4',
  close: 'M6 6l12 12M18 6 6 18',
  chevronDown: 'm6 9 6 6 6-6',
  chevronRight: 'm9 6 6 6-6 6',
  chevronLeft: 'm15 6-6 6 6 6',
  language: 'M4 5h8M8 3v2m3 0c-1 4-4 7-7 8m2-4c1.5 2 3.5 3.5 6 4M13 21l4-9 4 9m-6.5-3h5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  more: 'm6 9 6 6 6-6',
};

export type ShellIconName = keyof typeof paths;

export function Icon({ name, size = 18, ...rest }: { name: ShellIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
