import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A small stroke icon set (24 x 24 grid, in the style of Lucide, ISC licence),
 * inline so the console needs no icon package.
 */
function makeIcon(displayName: string, body: ReactNode) {
  const C = (props: IconProps) => (
    <Icon asChild boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {body}
      </svg>
    </Icon>
  );
  C.displayName = displayName;
  return C;
}

export const PlusIcon = makeIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const EditIcon = makeIcon(
  'EditIcon',
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </>,
);
export const TrashIcon = makeIcon(
  'TrashIcon',
  <>
    <path d="M3 6h18" />
    <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    <path d="M10 11v6M14 11v6" />
  </>,
);
export const RefreshIcon = makeIcon(
  'RefreshIcon',
  <>
    <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
    <path d="M3 21v-5h5" />
  </>,
);
export const SearchIcon = makeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const KeyIcon = makeIcon(
  'KeyIcon',
  <>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M18 5l2 2" />
  </>,
);
export const ShieldIcon = makeIcon('ShieldIcon', <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />);
export const UsersIcon = makeIcon(
  'UsersIcon',
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </>,
);
export const UserIcon = makeIcon(
  'UserIcon',
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);
export const UserPlusIcon = makeIcon(
  'UserPlusIcon',
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6M22 11h-6" />
  </>,
);
export const IdCardIcon = makeIcon(
  'IdCardIcon',
  <>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <circle cx="8" cy="12" r="2" />
    <path d="M5 16.5c.6-1.2 1.7-2 3-2s2.4.8 3 2M14 10h5M14 14h3" />
  </>,
);
export const BuildingIcon = makeIcon(
  'BuildingIcon',
  <>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M9 22v-4h6v4M8 6h.01M16 6h.01M12 6h.01M12 10h.01M12 14h.01M16 10h.01M16 14h.01M8 10h.01M8 14h.01" />
  </>,
);
export const LogInIcon = makeIcon(
  'LogInIcon',
  <>
    <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
    <path d="m10 17 5-5-5-5M15 12H3" />
  </>,
);
export const MessageIcon = makeIcon('MessageIcon', <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />);
export const ActivityIcon = makeIcon('ActivityIcon', <path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
export const GlobeIcon = makeIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
  </>,
);
export const ChevronLeftIcon = makeIcon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = makeIcon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const ChevronDownIcon = makeIcon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = makeIcon('ChevronUpIcon', <path d="m18 15-6-6-6 6" />);
export const SortIcon = makeIcon('SortIcon', <path d="m7 15 5 5 5-5M7 9l5-5 5 5" />);
export const MoreIcon = makeIcon(
  'MoreIcon',
  <>
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
    <circle cx="5" cy="12" r="1" />
  </>,
);
export const InboxIcon = makeIcon(
  'InboxIcon',
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11Z" />
  </>,
);
export const CheckCircleIcon = makeIcon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const AlertIcon = makeIcon(
  'AlertIcon',
  <>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const GripIcon = makeIcon(
  'GripIcon',
  <>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </>,
);
