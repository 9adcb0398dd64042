import { AbpError } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n.ts';
import type * as Auth from '../lib/auth.ts';
import { appConfig, parseAppConfig } from '../lib/app-config.ts';

const switchTenant = vi.fn(async (name: string) => ({ ok: true as const, tenantId: name ? 1 : null }));
const login = vi.fn<(input: unknown) => Promise<void>>();
vi.mock('../lib/auth.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  login: (input: unknown) => login(input),
  switchTenant: (name: string) => switchTenant(name),
}));
const { wasShown } = await import('../lib/errors.tsx');

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

describe('the login page on a locked-out account', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('says the account is locked and until when (UTC+8), instead of opening the error modal', async () => {
    const locked = new AbpError({
      kind: 'userFriendly',
      status: 500,
      code: 9,
      message: '登录失败!',
      details: '账户已被锁定，请于 2026-11-27T14:05:00Z（UTC）后重试。',
    });
    login.mockRejectedValueOnce(locked);
    mount();
    fireEvent.change(document.querySelector('input[name="userNameOrEmailAddress"]')!, { target: { value: 'admin' } });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: '123qwe' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-locked-out')).toHaveTextContent('账户已锁定，请于 22:05 后重试');
    expect(wasShown(locked)).toBe(false);
  });
});

describe('the login page focus', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('starts with the cursor in the user name box', () => {
    mount();
    expect(document.activeElement).toBe(document.querySelector('input[name="userNameOrEmailAddress"]'));
  });
});

describe('the login page errors', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    login.mockClear();
  });
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('says a required field is missing in the language chosen after the check, not only in the one it was made in', async () => {
    mount();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('error-password')).toHaveTextContent('此项为必填项');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(screen.getByTestId('error-password')).toHaveTextContent('This field is required'));
    expect(screen.getByTestId('error-userNameOrEmailAddress')).toHaveTextContent('This field is required');
    expect(login).not.toHaveBeenCalled();
  });
});
