import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone } from './support/axe.ts';
import { newContext, shot, signIn, signInWithToken } from './support/browser.ts';
import { useConsole } from './support/suite.ts';

// Full motion: the shell's entrances, exits and the sidebar's transition as most visitors see them (reduced motion: the last test).
const suite = useConsole({ motion: 'no-preference' });

/** The admin of tenant Default on the home page, signed in with a token (the login tests below use the form). */
async function adminPage(o: { width?: number; height?: number; locale?: string } = {}): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.baseUrl, o);
  const page = await ctx.newPage();
  await signInWithToken(page, suite.baseUrl);
  return page;
}

const tabNames = (page: Page) =>
  page.locator('[data-testid="tabs-bar"] [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));

async function openManagerFromMenu(page: Page) {
  await page.getByTestId('menu-group-setting').click();
  await page.getByTestId('menu-manager').click();
  await page.waitForURL('**/setting/manager');
  await page.getByTestId('tab-manager').waitFor();
}

describe('sign-in', () => {
  it('shows the login page to a visitor and sends other routes there', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/setting/manager');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('在线教育考试平台 - 登录');
    await shot(page, 'login');
    await ctx.close();
  });

  it('a wrong password opens the error modal and stays on login', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.locator('input[name="userNameOrEmailAddress"]').fill('admin');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    const modal = page.getByTestId('error-modal');
    await modal.waitFor();
    await animationsDone(page); // the modal's entrance animation, before the screenshot
    await shot(page, 'login-failed');
    expect(await modal.textContent()).toMatch(/登录失败|Login failed/);
    await page.getByTestId('error-modal-ok').click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');
    await ctx.close();
  });

  it('signs in to tenant Default, lands on home, and login then goes home', async () => {
    const page = await (await newContext(suite.browser, suite.baseUrl)).newPage();
    await signIn(page, { tenant: 'Default' });
    expect(new URL(page.url()).pathname).toBe('/main/home');
    expect(await page.title()).toBe('在线教育考试平台 - 首页');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Abp.AuthToken')?.expires).toBe(-1); // no remember me: session cookie
    expect(cookies.find((c) => c.name === 'enc_auth_token')).toBeTruthy();
    expect(cookies.find((c) => c.name === 'Abp.TenantId')?.value).toBe('1');
    expect(await page.evaluate(() => sessionStorage.getItem('userId'))).not.toBeNull();
    await page.waitForLoadState('networkidle');
    await shot(page, 'home');
    await page.goto('/');
    await page.waitForURL('**/main/home');
    await page.context().close();
  });

  it('remember me makes the token cookie persistent', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl);
    const page = await ctx.newPage();
    await signIn(page, { tenant: 'Default', rememberMe: true });
    const token = (await ctx.cookies()).find((c) => c.name === 'Abp.AuthToken')!;
    expect(token.expires).toBeGreaterThan(Date.now() / 1000 + 3600);
    await ctx.close();
  });
});

describe('shell', () => {
  it('opens pages from the menu as tabs, with breadcrumbs and title', async () => {
    const page = await adminPage();
    await openManagerFromMenu(page);
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager']);
    expect(await page.getByTestId('breadcrumbs').innerText()).toMatch(/首页\s*\/?\s*系统设置\s*\/?\s*管理员管理/);
    expect(await page.title()).toBe('在线教育考试平台 - 管理员管理');
    await page.waitForLoadState('networkidle');
    await shot(page, 'manager');
    await page.context().close();
  });

  it('tabs survive a reload; close others and close all', async () => {
    const page = await adminPage();
    await openManagerFromMenu(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-own-space').click();
    await page.waitForURL('**/own-space');
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager', 'ownspace_index']);

    await page.reload();
    await page.getByTestId('tab-manager').waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager', 'ownspace_index']);

    // Close others: home and the current tab stay.
    await page.getByTestId('tab-manager').locator('a').click();
    await page.waitForURL('**/setting/manager');
    // The manager screen loads lazily after the reload: close others only once it is the current page.
    await page.getByTestId('resource-page-user').waitFor();
    await page.getByTestId('tabs-actions').click();
    await page.getByTestId('tabs-close-others').click();
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager']);

    // Close all: only home, and home opens.
    await page.getByTestId('tabs-actions').click();
    await page.getByTestId('tabs-close-all').click();
    await page.waitForURL('**/main/home');
    await expect.poll(() => tabNames(page)).toEqual(['home_index']);
    await page.context().close();
  });

  it('closing the current tab opens the second tab, or home when only it remains', async () => {
    const page = await adminPage();
    await openManagerFromMenu(page);
    await page.goto('/own-space');
    await page.getByTestId('own-space').waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager', 'ownspace_index']);
    await page.getByTestId('tab-close-ownspace_index').click();
    await page.waitForURL('**/setting/manager');
    // Let the manager screen settle before closing its tab (a click during its lazy load can be lost on a busy machine).
    await page.getByTestId('resource-page-user').waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'manager']);
    await page.getByTestId('tab-close-manager').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/main/home');
    await expect.poll(() => tabNames(page)).toEqual(['home_index']);
    await page.context().close();
  });

  it('locks and unlocks with the password checked by the server', async () => {
    const page = await adminPage();
    await openManagerFromMenu(page);
    await page.getByTestId('lock-button').click();
    await page.getByTestId('lock-curtain').waitFor();
    await page.waitForURL('**/locking');
    expect(await page.evaluate(() => localStorage.getItem('locking'))).toBe('1');
    await page.getByTestId('lock-screen').waitFor();
    await shot(page, 'lock');

    // Locked: every route leads back to the lock screen.
    await page.goto('/main/home');
    await page.waitForURL('**/locking');

    // A wrong password keeps it locked.
    await page.getByTestId('unlock-password').fill('not-the-password');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('error-modal').waitFor();
    await page.getByTestId('error-modal-ok').click();
    expect(new URL(page.url()).pathname).toBe('/locking');
    expect(await page.evaluate(() => localStorage.getItem('locking'))).toBe('1');

    await page.getByTestId('unlock-password').fill('123qwe');
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL('**/setting/manager');
    expect(await page.evaluate(() => localStorage.getItem('locking'))).toBe('0');

    // Unlocked: the lock screen can no longer be opened.
    await page.goto('/locking');
    await page.waitForURL('**/main/home');
    await page.context().close();
  });

  it('five wrong unlock passwords lock the account: the lock screen says until when and signs out', async () => {
    // Another user than admin: the lockout lasts five minutes and must not reach the file's other tests.
    const ctx = await newContext(suite.browser, suite.baseUrl);
    const page = await ctx.newPage();
    await signInWithToken(page, suite.baseUrl, { userName: 'zhangwei' });
    await page.getByTestId('lock-button').click();
    await page.getByTestId('lock-screen').waitFor();

    const sentAt = Date.now();
    for (let i = 1; i <= 5; i++) {
      await page.getByTestId('unlock-password').fill(`wrong-${i}`);
      await page.getByTestId('unlock-submit').click();
      if (i < 5) {
        // Four times a wrong password: the modal and 密码错误.
        await page.getByTestId('error-modal').waitFor();
        await page.getByTestId('unlock-wrong-password').waitFor();
        await page.getByTestId('error-modal-ok').click();
        await page.getByTestId('error-modal').waitFor({ state: 'hidden' });
      }
    }
    // The fifth locks the account: said in place with the end (UTC+8, five minutes on), no modal.
    const locked = page.getByTestId('unlock-locked-out');
    await locked.waitFor();
    const hhmm = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(11, 16);
    const shown = /请于 (\d\d:\d\d) 后重试/.exec((await locked.textContent()) ?? '')?.[1];
    expect([hhmm(sentAt + 300_000), hhmm(Date.now() + 300_000)]).toContain(shown);
    expect(await locked.textContent()).toBe(`账户已锁定，请于 ${shown} 后重试`);
    expect(await page.getByTestId('error-modal').count()).toBe(0);
    await shot(page, 'lock-locked-out');

    // The right password is refused the same way, not as a wrong password.
    await page.getByTestId('unlock-password').fill('123qwe');
    await page.getByTestId('unlock-submit').click();
    await expect.poll(() => locked.textContent()).toBe(`账户已锁定，请于 ${shown} 后重试`);
    expect(await page.getByTestId('unlock-wrong-password').count()).toBe(0);

    // 退出登录 on the lock screen: back to the login page, the lock state cleared; a reload stays there.
    expect(await page.getByTestId('lock-sign-out').textContent()).toBe('退出登录');
    await page.getByTestId('lock-sign-out').click();
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('locking'))).toBeNull();
    expect((await ctx.cookies()).find((c) => c.name === 'Abp.AuthToken')).toBeUndefined();
    await page.reload();
    await page.getByTestId('login-form').waitFor();

    // The login page says the same while the lockout lasts.
    await page.locator('input[name="userNameOrEmailAddress"]').fill('zhangwei');
    await page.locator('input[name="password"]').fill('123qwe');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-locked-out').waitFor();
    expect(await page.getByTestId('login-locked-out').textContent()).toBe(`账户已锁定，请于 ${shown} 后重试`);
    expect(new URL(page.url()).pathname).toBe('/');
    await ctx.close();
  });

  it('a window narrower than 750 px collapses the sidebar and hides the header buttons', async () => {
    const page = await adminPage({ width: 700, height: 800 });
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    expect((await sidebar.boundingBox())!.width).toBe(80);
    expect(await page.getByTestId('header-buttons').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await shot(page, 'narrow');

    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByTestId('header-buttons').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(200);
    await page.context().close();
  });

  it('at phone width (390 px) the rail is hidden, the menu opens as an overlay, and a list scrolls sideways keeping names readable', async () => {
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto('/setting/manager');
    await page.locator('table tbody tr td').nth(2).waitFor();
    await page.waitForLoadState('networkidle');
    // No rail: the page starts at the window's left edge.
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect((await page.getByTestId('page-title').boundingBox())!.x).toBeLessThan(24);
    // The table scrolls sideways instead of squeezing its columns; the actions fold into one compact menu button.
    const widths = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const heads = [...table.querySelectorAll('thead th')];
        const scroller = table.parentElement!;
        return {
          scrolls: scroller.scrollWidth > scroller.clientWidth,
          userName: heads[1]!.getBoundingClientRect().width,
          fullName: heads[2]!.getBoundingClientRect().width,
          actions: heads[heads.length - 1]!.getBoundingClientRect().width,
        };
      });
    expect(widths.scrolls).toBe(true);
    expect(widths.userName).toBeGreaterThanOrEqual(96);
    expect(widths.fullName).toBeGreaterThanOrEqual(96);
    expect(widths.actions).toBeLessThanOrEqual(72);
    expect(await page.getByTestId('row-action-edit').count()).toBe(0);
    await shot(page, 'phone-390-list');

    // The header button opens the full menu over the page.
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByTestId('sidebar-drawer');
    await drawer.waitFor();
    await animationsDone(page);
    expect(await drawer.getByTestId('side-menu').isVisible()).toBe(true);
    expect((await drawer.boundingBox())!.width).toBeLessThan(390);
    await shot(page, 'phone-390-menu-open');
    await drawer.getByTestId('menu-group-articles').click();
    await drawer.getByTestId('menu-article').click();
    await page.waitForURL('**/articles/article');
    // Choosing a page closes the overlay.
    await drawer.waitFor({ state: 'hidden' });

    // Back above the phone breakpoint the rail returns.
    await page.setViewportSize({ width: 700, height: 844 });
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(true);
    await page.context().close();
  });

  it('switches the sidebar theme between dark and light only', async () => {
    const page = await adminPage();
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-theme')).toBe('dark');
    await page.getByTestId('theme-light').click();
    expect(await sidebar.getAttribute('data-theme')).toBe('light');
    await openManagerFromMenu(page);
    await page.waitForLoadState('networkidle');
    await shot(page, 'sidebar-light');
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-theme')).toBe('light');
    // Anything else is rejected: dark.
    await page.evaluate(() => localStorage.setItem('sidebar_theme', 'red'));
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-theme')).toBe('dark');
    await page.context().close();
  });

  it('switches the language at runtime and keeps it', async () => {
    const page = await adminPage();
    expect(await page.getByTestId('menu-group-setting').innerText()).toContain('系统设置');
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('menu-group-setting').innerText()).toContain('System settings');
    expect(await page.getByTestId('tab-home_index').innerText()).toContain('Home');
    const culture = (await page.context().cookies()).find((c) => c.name === 'Abp.Localization.CultureName')!;
    expect(culture.value).toBe('en');
    // Written for 5 years; Chromium caps every cookie at 400 days.
    expect(culture.expires).toBeGreaterThan(Date.now() / 1000 + 390 * 86400);
    await page.reload();
    await page.getByTestId('menu-group-setting').waitFor();
    expect(await page.getByTestId('menu-group-setting').innerText()).toContain('System settings');
    await openManagerFromMenu(page);
    await page.waitForLoadState('networkidle');
    await shot(page, 'manager-en');
    await page.context().close();
  });

  it('shows pushed notifications in the notice popover after a 2 s spinner', async () => {
    const page = await adminPage();
    await page.getByTestId('notices-button').click();
    await page.getByTestId('notices-spinner').waitFor();
    await page.getByTestId('notices-empty').waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');

    const userId = Number(await page.evaluate(() => sessionStorage.getItem('userId')));
    // The badge is the server's unread count (the seeded site messages to admin count too).
    const badge = page.getByTestId('notices-unread');
    await badge.waitFor();
    const before = Number(await badge.innerText());
    // Wait until the browser's SignalR connection registered, then store and push one notification (as the server does: stored first).
    await expect.poll(() => suite.server.app.realtime.onlineUserIds(1).includes(userId), { timeout: 15_000 }).toBe(true);
    await suite.server.app.prisma.userNotification.create({
      data: {
        id: '5c1e0b6e-1f2a-4c3d-9e8f-000000000001',
        tenantId: 1,
        userId,
        notificationName: 'App.ArticleAudit',
        data: JSON.stringify({
          type: 'Abp.Notifications.MessageNotificationData',
          message: '您有 3 篇文章待审核',
          properties: { type: 2, title: '文章待审核', description: '您有 3 篇文章待审核' },
        }),
      },
    });
    const reached = suite.server.app.realtime.notify(
      { userId, tenantId: 1 },
      {
        id: '5c1e0b6e-1f2a-4c3d-9e8f-000000000001',
        tenantId: 1,
        userId,
        state: 0,
        notification: {
          id: '5c1e0b6e-1f2a-4c3d-9e8f-000000000002',
          tenantId: 1,
          notificationName: 'App.ArticleAudit',
          data: {
            type: 'Abp.Notifications.MessageNotificationData',
            message: '您有 3 篇文章待审核',
            properties: { type: 2, title: '文章待审核', description: '您有 3 篇文章待审核' },
          },
          entityTypeName: null,
          entityId: null,
          severity: 0,
          creationTime: new Date().toISOString(),
        },
      },
    );
    expect(reached).toBeGreaterThan(0);
    await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe(String(before + 1));
    await page.getByTestId('notices-button').click();
    await page.getByTestId('notices-list').waitFor({ timeout: 5000 });
    const notice = page.getByTestId('notice').first();
    expect(await notice.innerText()).toMatch(/待办[\s\S]*文章待审核[\s\S]*您有 3 篇文章待审核/);
    await shot(page, 'notices');
    await page.context().close();
  });

  it('logs out: storages cleared, back to login', async () => {
    const page = await adminPage();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect((await page.context().cookies()).some((c) => c.name === 'Abp.AuthToken')).toBe(false);
    await page.goto('/main/home');
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });
});

describe('permissions', () => {
  it('a teacher sees no settings menu and gets error-403 at /setting/manager', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl);
    const page = await ctx.newPage();
    await signInWithToken(page, suite.baseUrl, { userName: 'zhaolei' });
    expect(await page.getByTestId('menu-group-setting').count()).toBe(0);
    await page.goto('/setting/manager');
    await page.getByTestId('error-403').waitFor();
    expect(new URL(page.url()).pathname).toBe('/error-403');
    expect(await page.title()).toBe('在线教育考试平台 - 无权访问');
    await shot(page, 'error-403');
    await ctx.close();
  });
});

describe('motion', () => {
  it('honours reduced motion: a dialog opens without its entrance animation, and with it otherwise', async () => {
    const entrance = async (motion: 'reduce' | 'no-preference') => {
      const ctx = await newContext(suite.browser, suite.baseUrl, { motion });
      const page = await ctx.newPage();
      await page.goto('/');
      await page.getByTestId('tenant-change').click();
      const content = page.locator('[data-scope="dialog"][data-part="content"]');
      await content.waitFor();
      const style = await content.evaluate((el) => {
        const s = getComputedStyle(el);
        return { name: s.animationName, duration: s.animationDuration };
      });
      await ctx.close();
      return style;
    };
    const full = await entrance('no-preference');
    expect(full.name).not.toBe('none');
    expect(parseFloat(full.duration)).toBeGreaterThanOrEqual(0.1);
    // The same animation, cut to a millisecond: what opens and closes on animationend still does.
    expect(await entrance('reduce')).toEqual({ name: full.name, duration: '0.001s' });
  });
});
