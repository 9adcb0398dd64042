import { describe, expect, it } from 'vitest';
import { newContext, shot, signInWithToken } from './support/browser.ts';
import { useConsole } from './support/suite.ts';

const suite = useConsole();

describe('site title, built-in role names and 网站首页 per language', () => {
  it('switching to English at runtime renames the title and the built-in roles (home donut, users list); no 网站首页 without a public website', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl, { width: 1440, height: 900 });
    const page = await ctx.newPage();
    await signInWithToken(page, suite.baseUrl);
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('在线教育考试平台 - 首页');
    await expect.poll(() => page.locator('main').innerText()).toContain('管理员');
    // The served appconfig.json names no public website: the console does not link to itself.
    expect(await page.getByTestId('header-buttons').isVisible()).toBe(true);
    expect(await page.getByTestId('website-home').count()).toBe(0);

    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.title()).toBe('EduExam Console - Home');
    // The role donut's names come from the server, localized per request culture, fetched again after the
    // switch; the identity donut beside it is localized in the browser and says "Administrator" at once, so
    // the wait is on the server's names being gone, and "Reviewer" only the role donut shows.
    const serverNamesInEnglish = async () => {
      const text = await page.locator('main').innerText();
      return text.includes('Reviewer') && !/管理员|教师|审核员|会员/.test(text);
    };
    await expect.poll(serverNamesInEnglish).toBe(true);
    await shot(page, 'site-language-home-en');

    await page.goto('/setting/manager');
    await page.getByTestId('sidebar').waitFor();
    await page.waitForLoadState('networkidle');
    // The users' roles column: the newest users are members.
    await expect.poll(() => page.locator('table').first().innerText()).toContain('Member');
    expect(await page.locator('table').first().innerText()).not.toMatch(/管理员|教师|编辑|审核员|会员/);
    expect(await page.title()).toMatch(/^EduExam Console - /);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect.poll(() => page.locator('table').first().innerText()).toContain('Teacher');
    const roles = await page.locator('table').first().innerText();
    // Display names and the built-in roles' descriptions in English (描述 column).
    for (const name of ['Administrator', 'Editor', 'Reviewer', 'Member']) expect(roles).toContain(name);
    expect(roles).toContain('System administrator with every permission');
    expect(roles).not.toMatch(/系统管理员|注册会员/);
    await shot(page, 'site-language-roles-en');
    await ctx.close();
  });

  it('网站首页 opens the configured public website in a new tab', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl, { width: 1440, height: 900 });
    await ctx.route('**/appconfig.json', (route) =>
      route.fulfill({ json: { remoteServiceBaseUrl: '', publicWebsiteUrl: 'https://www.example.edu.cn/', defaultTenancyName: 'Default' } }),
    );
    const page = await ctx.newPage();
    await signInWithToken(page, suite.baseUrl);
    const link = page.getByTestId('website-home');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.example.edu.cn/');
    expect(await link.getAttribute('target')).toBe('_blank');
    await link.hover();
    await shot(page, 'site-language-website-link');
    await ctx.close();
  });
});
