import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { AbpUserConfigurationDto } from '@edu/sdk';
import { system } from '@edu/ui';
import '../lib/i18n.ts';
import i18n from '../lib/i18n.ts';
import { resetAbpState, setAbpState, type SessionInfo } from '../lib/abp-store.ts';
import { App } from './app.tsx';
import { initShell } from './shell-store.ts';
import { appGroups } from '../navigation.ts';
import { isBuilt } from './nav-logic.ts';
import { appConfig } from '../lib/app-config.ts';

function signIn(granted: string[]) {
  setAbpState({
    config: {
      session: { userId: 2, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
      auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((g) => [g, 'true'])) },
    } as unknown as AbpUserConfigurationDto,
    session: {
      application: { version: '1', releaseDate: '2025-01-01', features: {} },
      user: { id: 2, name: '磊', surname: '赵', userName: 'zhaolei', emailAddress: 'zhaolei@example.edu.cn' },
      tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
    } satisfies SessionInfo,
  });
}

async function mountAt(path: string) {
  window.history.replaceState(null, '', path);
  initShell({ currentRouteName: null, tabsKey: 'tabs:1:2', windowWidth: 1280 });
  render(<App boot={{ configLoaded: true, signedIn: true, language: 'zh-CN', signalR: false, currentRouteName: null, steps: [] }} system={system} />);
}

describe('the app in a browser-like DOM', () => {
  beforeEach(async () => {
    localStorage.clear();
    resetAbpState();
    await i18n.changeLanguage('zh-CN');
  });

  it('renders the shell: menu by permission, tab, breadcrumb and title', async () => {
    signIn(['Pages']);
    await mountAt('/own-space');
    // The shell and its pages are lazy chunks: the first import transforms them.
    expect(await screen.findByTestId('own-space', {}, { timeout: 15_000 })).toBeInTheDocument();
    // The menu, the header and the tab bar render after the screen's first content (shell-layout.tsx).
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).queryByTestId('menu-group-setting')).toBeNull();
    // The tab bar opens the route's tab in an effect after the page renders.
    expect(await screen.findByTestId('tab-ownspace_index')).toBeInTheDocument();
    expect(screen.getByTestId('tab-home_index')).toBeInTheDocument();
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('个人中心');
    await waitFor(() => expect(document.title).toBe('在线教育考试平台 - 个人中心'));
  });

  it('the document title follows the language at runtime', async () => {
    signIn(['Pages']);
    await mountAt('/own-space');
    expect(await screen.findByTestId('own-space', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('在线教育考试平台 - 个人中心'));
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(document.title).toBe('EduExam Console - My profile');
  });

  it('网站首页 opens the configured public website in a new tab, and is hidden without one', async () => {
    signIn(['Pages']);
    const configured = appConfig.publicWebsiteUrl;
    try {
      appConfig.publicWebsiteUrl = 'https://www.example.edu.cn/';
      await mountAt('/own-space');
      const link = await screen.findByTestId('website-home', {}, { timeout: 15_000 });
      expect(link).toHaveAttribute('href', 'https://www.example.edu.cn/');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName('网站首页');
      cleanup();
      for (const none of ['', '/']) {
        appConfig.publicWebsiteUrl = none;
        await mountAt('/own-space');
        expect(await screen.findByTestId('header-buttons', {}, { timeout: 15_000 })).toBeInTheDocument();
        expect(screen.queryByTestId('website-home')).toBeNull();
        cleanup();
      }
    } finally {
      appConfig.publicWebsiteUrl = configured;
    }
  });

  it('replaces a page whose permission is missing by error-403', async () => {
    signIn(['Pages']);
    await mountAt('/setting/manager');
    expect(await screen.findByTestId('error-403', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/error-403');
  });

  it('shows a 404 inside the shell for an unknown path, also under a known group', async () => {
    // Every screen of the spec is built now; a path under a real group that names no screen is the other 404.
    expect(appGroups.flatMap((g) => g.children.filter((c) => !isBuilt(c)).map((c) => c.path))).toEqual([]);
    signIn(['Pages', ...appGroups.flatMap((g) => g.permission ?? 'Pages').flat()]);
    for (const path of ['/no/such/page', '/miscellaneous/no-such-screen']) {
      await mountAt(path);
      expect(await screen.findByTestId('error-404', {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(window.location.pathname).toBe(path);
      expect(await screen.findByTestId('side-menu')).toBeInTheDocument();
      expect(screen.getByTestId('back-home')).toHaveTextContent('返回首页');
      await waitFor(() => expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('页面不存在'));
      expect(document.title).toBe('在线教育考试平台 - 页面不存在');
      expect(screen.queryByTestId('tab-error-404')).toBeNull();
      cleanup();
    }
  });

  it('sends a visitor to login, and a locked session to locking', async () => {
    await mountAt('/own-space');
    expect(await screen.findByTestId('login-form', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('sends everything to the lock screen while locked', async () => {
    signIn(['Pages']);
    localStorage.setItem('locking', '1');
    await mountAt('/own-space');
    expect(await screen.findByTestId('lock-screen', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/locking');
  });
});
