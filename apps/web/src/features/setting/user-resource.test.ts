import { Permissions } from '@edu/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { getAbpState, resetAbpState, setAbpState } from '../../lib/abp-store.ts';
import { canAccess } from '../../lib/permissions.ts';
import { userResource } from '../../shared/users/user.resource.tsx';

function grant(names: string[]) {
  setAbpState({
    config: {
      auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(names.map((n) => [n, 'true'])) },
    } as never,
  });
}

const rolesField = () => userResource.form?.fields.find((f) => f.name === 'roleNames');
const assignRoles = () => userResource.rowActions?.find((a) => a.key === 'assignRoles');

describe('user form: roles need role management (the server refuses otherwise)', () => {
  afterEach(() => resetAbpState());

  it('disables the role field and hides 分配角色 for a member manager without Pages.Administration.Manages', () => {
    grant([Permissions.Pages, Permissions.Administration]);
    expect(rolesField()?.disabled?.({ mode: 'create' })).toBe(true);
    expect(rolesField()?.helpKey).toBe('resources.user.hints.roleNames');
    expect(canAccess(getAbpState().config, assignRoles()?.permission)).toBe(false);
  });

  it('offers both to a holder of Pages.Administration.Manages', () => {
    grant([Permissions.Pages, Permissions.Administration, Permissions.Manages]);
    expect(rolesField()?.disabled?.({ mode: 'update' })).toBe(false);
    expect(canAccess(getAbpState().config, assignRoles()?.permission)).toBe(true);
  });
});
