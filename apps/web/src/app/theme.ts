/** Spec section 5: the sidebar theme is dark or light; anything else is rejected. */
export const SIDEBAR_THEMES = ['dark', 'light'] as const;
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
export const DEFAULT_SIDEBAR_THEME: SidebarTheme = 'dark';

export function isSidebarTheme(value: unknown): value is SidebarTheme {
  return typeof value === 'string' && (SIDEBAR_THEMES as readonly string[]).includes(value);
}

/** A stored or requested theme, validated: an invalid value falls back to dark. */
export function validateSidebarTheme(value: unknown): SidebarTheme {
  return isSidebarTheme(value) ? value : DEFAULT_SIDEBAR_THEME;
}

/** Spec section 9: sidebar widths and the narrow-screen breakpoint. */
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const NARROW_BREAKPOINT = 750;

export const isNarrow = (width: number) => width < NARROW_BREAKPOINT;
/** Header buttons show only when the window is wider than 750 px. */
export const showHeaderButtons = (width: number) => width > NARROW_BREAKPOINT;
