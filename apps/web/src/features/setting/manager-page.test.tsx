import { Permissions } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAbpState, setAbpState } from '../../lib/abp-store.ts';
import '../../lib/i18n.ts';
import ManagerPage from './manager-page.tsx';

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true }), {
    headers: { 'Content-Type': 'application/json' },
  });

function signIn(granted: string[], tenant: { id: number; tenancyName: string; name: string } | null) {
  setAbpState({
    config: {
      auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((g) => [g, 'true'])) },
      session: { userId: 1, tenantId: tenant?.id ?? null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: tenant ? 1 : 2 },
    } as never,
    session: {
      application: { version: '1', releaseDate: '2024-01-01', features: {} },
      user: { id: 1, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: 'admin@example.cn' },
      tenant,
    },
  });
}

function show() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <ManagerPage />
      </UiProvider>
    </SWRConfig>,
  );
}

describe('管理员管理 (manager page)', () => {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/User/GetRoles')) return envelope({ items: [] });
    return envelope({ totalCount: 0, items: [] });
  });
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAbpState();
    fetchMock.mockClear();
  });

  const admin = [Permissions.Pages, Permissions.Administration, Permissions.Manages, Permissions.Tenants];

  it('shows users, roles and tenants to a host administrator', async () => {
    signIn(admin, null);
    show();
    expect(screen.getByTestId('tab-users')).toHaveTextContent('用户管理');
    expect(screen.getByTestId('tab-roles')).toHaveTextContent('角色管理');
    expect(screen.getByTestId('tab-tenants')).toHaveTextContent('租户管理');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/User/GetAll?SkipCount=0&MaxResultCount=10'))).toBe(true));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByTestId('action-create')).toHaveTextContent('新增');
    expect(screen.getByTestId('action-batchDelete')).toHaveTextContent('批量删除');
  });

  it('hides the tenants tab from tenant users', () => {
    signIn(admin, { id: 1, tenancyName: 'Default', name: 'Default' });
    show();
    expect(screen.getByTestId('tab-users')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-tenants')).toBeNull();
  });

  it('hides the tenants tab from hosts without the tenants permission', () => {
    signIn([Permissions.Pages, Permissions.Administration, Permissions.Manages], null);
    show();
    expect(screen.queryByTestId('tab-tenants')).toBeNull();
  });
});
