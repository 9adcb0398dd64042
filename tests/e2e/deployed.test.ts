import { createClient, type Client } from '@edu/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, settledTable, shot, signIn } from './support/browser.ts';
import { startDeployedConsole, type DeployedConsole } from './support/deployed.ts';
import { useConsole } from './support/suite.ts';

/**
 * The console deployed apart from its backend (README "Run the console against
 * your backend"): the built files on a static host of their own, appconfig.json
 * naming the backend on another origin, the backend allowing that origin
 * (CORS). Then what must survive in such a deployment: a token revoked while
 * the user types (signed in again in place, the typed text saved) and a
 * backend that stops answering (a banner, then the list back without a reload;
 * at start, the login page says so and starts again by itself).
 * Screenshots: tests/e2e/artifacts/deployed-*.png.
 */
const suite = useConsole();
let deployed: DeployedConsole;

beforeAll(async () => {
  deployed = await startDeployedConsole();
});
afterAll(async () => {
  await deployed?.close();
});

const TENANT_ID = 1;

/** A client of the backend as another program would call it (a member's website, a script). */
async function clientAs(userName: string): Promise<Client> {
  const anonymous = createClient({ baseUrl: deployed.apiUrl, getTenantId: () => TENANT_ID });
  const auth = await anonymous.tokenAuth.authenticate({ userNameOrEmailAddress: userName, password: '123qwe', rememberClient: false });
  return createClient({ baseUrl: deployed.apiUrl, getToken: () => auth.accessToken, getTenantId: () => TENANT_ID });
}

async function consolePage(): Promise<Page> {
  const ctx = await newContext(suite.browser, deployed.consoleUrl);
  const page = await ctx.newPage();
  await signIn(page, { tenant: 'Default' });
  return page;
}

async function openSiteMessages(page: Page) {
  await page.getByTestId('sidebar').waitFor();
  await page.goto('/miscellaneous/siteMessage');
  await settledTable(page, 'siteMessage');
}

const rows = (page: Page) => page.getByTestId('siteMessage-table').locator('tbody tr');

describe('the console on its own origin', () => {
  it('signs in, lists, reloads, locks and receives a notification over the hub, all against the other origin', async () => {
    const page = await consolePage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (/^\/(api\/services\/|AbpUserConfiguration\/|signalr\b)/i.test(new URL(r.url()).pathname)) apiCalls.push(r.url());
    });
    expect(new URL(page.url()).origin).toBe(deployed.consoleUrl);

    await openSiteMessages(page);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.reload();
    await settledTable(page, 'siteMessage');
    expect(await rows(page).count()).toBeGreaterThan(0);
    await shot(page, 'deployed-list');
    // Every API call went to the backend's origin, none to the static host.
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.filter((u) => !u.startsWith(deployed.apiUrl))).toEqual([]);

    // A live notification: a member replies (through the API) to a message the admin sent; the bell counts it.
    const userId = Number(await page.evaluate(() => sessionStorage.getItem('userId')));
    await expect.poll(() => deployed.app.realtime.onlineUserIds(TENANT_ID).includes(userId), { timeout: 15_000 }).toBe(true);
    const badge = page.getByTestId('notices-unread');
    await badge.waitFor();
    const before = Number(await badge.innerText());
    const member = await clientAs('guozihan');
    const inbox = await member.siteMessage.getAll({ SkipCount: 0, MaxResultCount: 50 });
    const message = inbox.items.find((m) => m.title === '平台升级维护通知');
    expect(message).toBeDefined();
    await member.siteMessage.replayMessage({ messageId: message!.id, content: '升级后课程进度会保留吗？' });
    await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe(String(before + 1));

    // The lock screen and back, the password checked by the backend across origins.
    await page.getByTestId('lock-button').click();
    await page.getByTestId('lock-screen').waitFor();
    await page.getByTestId('unlock-password').fill('123qwe');
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL('**/miscellaneous/siteMessage');
    await settledTable(page, 'siteMessage');
    await page.context().close();
  });

  it('a token revoked while the user types: signed in again in place, the typed text survives and saves', async () => {
    const page = await consolePage();
    await openSiteMessages(page);
    await page.getByTestId('action-create').click();
    const dialog = page.getByTestId('siteMessage-create-dialog');
    await dialog.waitFor();
    const title = '会话失效后仍可保存的通知';
    await dialog.locator('select[name="recipientKind"]').selectOption('3');
    await dialog.locator('input[name="title"]').fill(title);
    await dialog.locator('textarea[name="content"]').fill('这段文字在重新登录之后仍然保留，并且保存成功。');

    // Meanwhile the session ends on the server (signed out elsewhere): the page's token is revoked.
    const token = (await page.context().cookies()).find((c) => c.name === 'Abp.AuthToken')?.value;
    expect(token).toBeTruthy();
    await createClient({ baseUrl: deployed.apiUrl, getToken: () => token!, getTenantId: () => TENANT_ID }).account.loginOut({});

    await dialog.getByTestId('form-submit').click();
    const signInAgain = page.getByTestId('session-dialog');
    await signInAgain.waitFor();
    expect(await signInAgain.getByTestId('session-user-name').inputValue()).toBe('admin');
    await shot(page, 'deployed-session-dialog');
    // A wrong password says so in the dialog; the form behind it is untouched.
    await signInAgain.getByTestId('session-password').fill('not-the-password');
    await signInAgain.getByTestId('session-sign-in').click();
    await signInAgain.getByTestId('session-error').waitFor();
    expect(await dialog.locator('input[name="title"]').inputValue()).toBe(title);

    await signInAgain.getByTestId('session-password').fill('123qwe');
    await signInAgain.getByTestId('session-sign-in').click();
    await signInAgain.waitFor({ state: 'hidden' });
    // The refused save went again with the new token: the dialog closes on its success.
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('error-modal').count()).toBe(0);
    const saved = await deployed.app.prisma.siteMessage.findFirst({ where: { title } });
    expect(saved?.content).toBe('这段文字在重新登录之后仍然保留，并且保存成功。');
    expect(new URL(page.url()).pathname).toBe('/miscellaneous/siteMessage');
    await expect.poll(() => rows(page).filter({ hasText: title }).count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  });

  it('a backend that stops answering: a banner with a retry, then the list again without a reload', async () => {
    const page = await consolePage();
    await openSiteMessages(page);
    const marker = await page.evaluate(() => performance.timeOrigin);

    // The backend goes away (every call to its origin is refused), and the list is read again.
    await page.route(`${deployed.apiUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.getByTestId('action-refresh').click();
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-reason')).toBe('network');
    expect(await banner.innerText()).toContain('无法连接服务器');
    expect(await page.getByTestId('error-modal').count()).toBe(0);
    await shot(page, 'deployed-offline');
    // Retry while it is still down keeps the banner.
    await banner.getByTestId('connection-retry').click();
    await expect.poll(() => banner.getByTestId('connection-retry').isEnabled()).toBe(true);
    expect(await banner.isVisible()).toBe(true);

    // The backend comes back: the banner goes by itself (probing with backoff) and the list reads again.
    await page.unroute(`${deployed.apiUrl}/**`);
    await banner.waitFor({ state: 'hidden', timeout: 30_000 });
    await settledTable(page, 'siteMessage');
    expect(await rows(page).count()).toBeGreaterThan(0);
    // The same page all along: no reload happened.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(marker);
    await page.context().close();
  });

  it('a backend down when the console starts: the login page says so, and starts again by itself when it answers', async () => {
    const ctx = await newContext(suite.browser, deployed.consoleUrl);
    const page = await ctx.newPage();
    await page.route(`${deployed.apiUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor();
    expect(await page.getByTestId('error-modal').count()).toBe(0);
    // The page starts again by itself once the backend answers (the banner's probe), now with its configuration.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.unroute(`${deployed.apiUrl}/**`);
    await reloaded;
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
    await ctx.close();
  });
});
