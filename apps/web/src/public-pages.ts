import type { NavPage } from './navigation.ts';

export const LOGIN_NAME = 'login';
export const LOCKING_NAME = 'locking';

/**
 * Routes outside the shell (navigation.ts re-exports them). A module of their
 * own: a signed-out visitor's page names itself from here without loading the
 * route table (docs/architecture/speed.md, "The console's first load").
 */
export const publicPages = {
  login: { name: LOGIN_NAME, path: '/', titleKey: 'routes.login' },
  locking: { name: LOCKING_NAME, path: '/locking', titleKey: 'routes.locking' },
} as const satisfies Record<string, NavPage>;
