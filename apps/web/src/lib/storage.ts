/** Keys of what the app keeps in the browser's storages. */
export const STORAGE = {
  /** localStorage: '1' while the screen is locked, '0' otherwise. */
  locking: 'locking',
  /** localStorage: the page name to return to after unlocking. */
  lastPageName: 'last_page_name',
  /** localStorage prefix: open tabs per user and tenant (`tabs:<tenantId|host>:<userId>`). */
  tabsPrefix: 'tabs',
  /** localStorage: sidebar collapsed flag. */
  sidebarCollapsed: 'sidebar_collapsed',
  /** localStorage: sidebar theme (dark | light). */
  sidebarTheme: 'sidebar_theme',
  /** sessionStorage (spec section 4): set at login. */
  userId: 'userId',
  isGeneral: 'isGeneral',
  rememberMe: 'rememberMe',
} as const;

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working without persistence.
  }
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // ignored, as above
  }
}
