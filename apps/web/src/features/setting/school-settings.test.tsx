import { Permissions } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAbpState, setAbpState } from '../../lib/abp-store.ts';
import '../../lib/i18n.ts';
import { SchoolSettingsCard } from './school-settings.tsx';

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true }), {
    headers: { 'Content-Type': 'application/json' },
  });

function signIn(granted: string[], tenant: { id: number; tenancyName: string; name: string } | null) {
  setAbpState({
    config: {
      auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((g) => [g, 'true'])) },
      session: { userId: 1, tenantId: tenant?.id ?? null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: tenant ? 1 : 2 },
    } as Parameters<typeof setAbpState>[0]['config'],
    session: {
      application: { version: '1', releaseDate: '2024-01-01', features: {} },
      user: { id: 1, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: 'admin@example.cn' },
      tenant,
    },
  });
}

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <SchoolSettingsCard />
      </UiProvider>
    </SWRConfig>,
  );

describe('学校信息 (the school papers print)', () => {
  let stored = { schoolName: '', effectiveSchoolName: null as string | null };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/TenantSettings/UpdateAllSettings')) {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { general: { schoolName: string } };
      stored = { schoolName: body.general.schoolName, effectiveSchoolName: body.general.schoolName || null };
    }
    return envelope({ general: stored });
  });
  beforeEach(() => {
    stored = { schoolName: '', effectiveSchoolName: null };
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAbpState();
    fetchMock.mockClear();
  });

  it("lets a tenant's administrator name the school, saying what papers print before and after", async () => {
    signIn([Permissions.Pages, Permissions.Administration], { id: 1, tenancyName: 'Default', name: 'Default' });
    show();
    expect(await screen.findByText('未填写学校名称，打印的试卷不显示学校一行')).toBeInTheDocument();
    const input = screen.getByLabelText('学校名称');
    await waitFor(() => expect(input).toBeEnabled());
    expect(screen.getByTestId('school-save')).toBeDisabled();
    fireEvent.change(input, { target: { value: '  示范实验中学 ' } });
    fireEvent.click(screen.getByTestId('school-save'));
    await waitFor(() => expect(screen.getByTestId('school-effective')).toHaveTextContent('打印试卷的标题第一行：示范实验中学'));
    const saved = fetchMock.mock.calls.find(([u]) => String(u).includes('/TenantSettings/UpdateAllSettings'));
    const body = saved?.[1]?.body;
    expect(JSON.parse(typeof body === 'string' ? body : '{}')).toEqual({ general: { schoolName: '示范实验中学' } });
    await waitFor(() => expect(input).toHaveValue('示范实验中学'));
  });

  it('refuses a name past 64 characters on the field', async () => {
    signIn([Permissions.Pages, Permissions.Administration], { id: 1, tenancyName: 'Default', name: 'Default' });
    show();
    const input = await screen.findByLabelText('学校名称');
    await waitFor(() => expect(input).toBeEnabled());
    fireEvent.change(input, { target: { value: '校'.repeat(65) } });
    expect(screen.getByText('学校名称最多 64 个字符')).toBeInTheDocument();
    expect(screen.getByTestId('school-save')).toBeDisabled();
  });

  it('is not shown on the host, nor to a tenant user without administration', () => {
    signIn([Permissions.Pages, Permissions.Administration], null);
    const host = show();
    expect(screen.queryByTestId('school-settings')).toBeNull();
    host.unmount();
    signIn([Permissions.Pages, Permissions.Manages], { id: 1, tenancyName: 'Default', name: 'Default' });
    show();
    expect(screen.queryByTestId('school-settings')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
