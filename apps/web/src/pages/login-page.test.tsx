import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n.ts';
import { appConfig, parseAppConfig } from '../lib/app-config.ts';

const switchTenant = vi.fn(async (name: string) => ({ ok: true as const, tenantId: name ? 1 : null }));
vi.mock('../lib/auth.ts', () => ({ login: vi.fn(), switchTenant: (name: string) => switchTenant(name) }));

const { default: LoginPage } = await import('./login-page.tsx');

function mount() {
  render(
    <UiProvider toaster={false}>
      <LoginPage />
    </UiProvider>,
  );
}

describe('the login page tenant choice', () => {
  const reload = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    Object.assign(appConfig, parseAppConfig({ defaultTenancyName: 'Default' }));
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
  });
  afterEach(() => {
    Object.assign(appConfig, parseAppConfig({}));
    vi.restoreAllMocks();
    switchTenant.mockClear();
  });

  it('on the host, says so and offers the configured demo tenant in one click', async () => {
    mount();
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('宿主（未选择租户）');
    expect(screen.getByTestId('tenant-host-hint')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tenant-default'));
    await waitFor(() => expect(switchTenant).toHaveBeenCalledWith('Default'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('inside the default tenant, shows 当前租户: Default and no extra button', () => {
    document.cookie = 'Abp.TenantId=1; path=/';
    document.cookie = 'Abp.TenancyName=Default; path=/';
    mount();
    expect(screen.getByTestId('tenant-info')).toHaveTextContent('当前租户：Default');
    expect(screen.queryByTestId('tenant-default')).toBeNull();
    expect(screen.queryByTestId('tenant-host-hint')).toBeNull();
  });

  it('without a configured default, offers no shortcut', () => {
    Object.assign(appConfig, parseAppConfig({}));
    mount();
    expect(screen.queryByTestId('tenant-default')).toBeNull();
  });
});
