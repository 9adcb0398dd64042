import { describe, expect, it } from 'vitest';
import { decide, type GuardContext } from './guard.ts';

const granted =
  (...names: string[]) =>
  (p: string | undefined) =>
    !p || names.includes(p);
const signedIn: GuardContext = { lockFlag: '0', userId: 1, granted: granted('Pages', 'Pages.Administration', 'Pages.Administration.Manages') };
const anonymous: GuardContext = { lockFlag: null, userId: null, granted: granted() };

describe('route guard (spec section 2)', () => {
  it('lock flag 1 sends every route but locking to locking', () => {
    const ctx = { ...signedIn, lockFlag: '1' };
    expect(decide({ name: 'home_index', permission: 'Pages' }, ctx)).toEqual({ action: 'redirect', to: 'locking', replace: true });
    expect(decide({ name: 'login' }, ctx)).toEqual({ action: 'redirect', to: 'locking', replace: true });
    expect(decide({ name: 'locking' }, ctx)).toEqual({ action: 'allow' });
  });

  it('lock flag 0 (or absent) cancels going to locking', () => {
    expect(decide({ name: 'locking' }, signedIn)).toEqual({ action: 'cancel' });
    expect(decide({ name: 'locking' }, { ...signedIn, lockFlag: null })).toEqual({ action: 'cancel' });
  });

  it('without a session user id only login opens', () => {
    expect(decide({ name: 'login' }, anonymous)).toEqual({ action: 'allow' });
    expect(decide({ name: 'home_index', permission: 'Pages' }, anonymous)).toEqual({ action: 'redirect', to: 'login', replace: false });
    expect(decide({ name: 'error-403' }, anonymous)).toEqual({ action: 'redirect', to: 'login', replace: false });
  });

  it('a signed-in user opening login goes home', () => {
    expect(decide({ name: 'login' }, signedIn)).toEqual({ action: 'redirect', to: 'home_index', replace: true });
  });

  it('a missing permission is replaced by error-403', () => {
    expect(decide({ name: 'manager', permission: 'Pages.Administration.Manages' }, signedIn)).toEqual({ action: 'allow' });
    expect(decide({ name: 'article', permission: 'Pages.Articles.Article' }, signedIn)).toEqual({
      action: 'redirect',
      to: 'error-403',
      replace: true,
    });
  });

  it('pages without a permission open for any signed-in user', () => {
    expect(decide({ name: 'ownspace_index' }, signedIn)).toEqual({ action: 'allow' });
  });
});
