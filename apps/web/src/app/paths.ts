import { HOME_NAME, LOCKING_NAME, LOGIN_NAME, appGroups, otherPages, publicPages } from '../navigation.ts';
import { findPageByName } from './nav-logic.ts';

/** The path of a route name (unknown names go home). */
export function pathOf(name: string): string {
  if (name === LOGIN_NAME) return publicPages.login.path;
  if (name === LOCKING_NAME) return publicPages.locking.path;
  return findPageByName(appGroups, otherPages, name)?.page.path ?? findPageByName(appGroups, otherPages, HOME_NAME)!.page.path;
}
