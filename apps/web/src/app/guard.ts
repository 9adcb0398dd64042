import { allowedBy, FORBIDDEN_NAME, HOME_NAME, LOCKING_NAME, LOGIN_NAME, type NavPermission } from '../navigation.ts';

export interface GuardContext {
  /** localStorage `locking`: '1' locked, anything else unlocked. */
  lockFlag: string | null;
  /** The session's user id (null: not signed in). */
  userId: number | null;
  granted: (permission: string) => boolean;
}

export interface GuardTarget {
  name: string;
  permission?: NavPermission;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; replace: boolean }
  /** Stay where the user is (spec: "going to locking is cancelled"). */
  | { action: 'cancel' };

/**
 * The routing rules of spec section 2, in the order the template applies them:
 * 1. lock flag 1: everything but `locking` goes to `locking`;
 *    flag not 1 (0 or absent): going to `locking` is cancelled;
 * 2. no session user id: everything but `login` goes to `login`;
 * 3. a signed-in user opening `login` goes home;
 * 4. a missing permission is replaced by `error-403`.
 */
export function decide(target: GuardTarget, ctx: GuardContext): GuardDecision {
  const locked = ctx.lockFlag === '1';
  if (locked && target.name !== LOCKING_NAME) return { action: 'redirect', to: LOCKING_NAME, replace: true };
  if (!locked && target.name === LOCKING_NAME) return { action: 'cancel' };
  if (target.name === LOCKING_NAME) return { action: 'allow' };
  if (ctx.userId === null && target.name !== LOGIN_NAME) return { action: 'redirect', to: LOGIN_NAME, replace: false };
  if (ctx.userId !== null && target.name === LOGIN_NAME) return { action: 'redirect', to: HOME_NAME, replace: true };
  if (!allowedBy(ctx.granted, target.permission)) return { action: 'redirect', to: FORBIDDEN_NAME, replace: true };
  return { action: 'allow' };
}
