import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * abp.js from npm `abp-web-resources` (5.x and 6.x) must work unchanged on our
 * GetAll: load it into a jsdom window, deep-merge the result into `abp` as the
 * Vue template does, and call the functions the console relies on.
 */
const require = createRequire(import.meta.url);
const ABP_JS = {
  '5.9.3': require.resolve('abp-web-resources-5/Abp/Framework/scripts/abp.js'),
  '6.1.0': require.resolve('abp-web-resources-6/Abp/Framework/scripts/abp.js'),
};

const t = useTestApp();
let result: Record<string, unknown>;
beforeAll(async () => {
  result = (await t.call('GET', '/AbpUserConfiguration/GetAll', { token: t.admin })).body.result;
});

/** jQuery-style deep extend (`$.extend(true, target, source)`), as the Vue template's Util.extend. */
function deepExtend(target: any, source: any): any {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) target[k] = deepExtend(target[k] && typeof target[k] === 'object' ? target[k] : {}, v);
    else target[k] = v;
  }
  return target;
}

describe.each(Object.entries(ABP_JS))('abp.js %s on GetAll', (_version, file) => {
  let abp: any;
  beforeAll(() => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { runScripts: 'outside-only', url: 'http://localhost/' });
    dom.window.eval(readFileSync(file, 'utf8'));
    abp = (dom.window as any).abp;
    deepExtend(abp, result);
  });

  it('checks permissions', () => {
    expect(abp.auth.isGranted('Pages.Administration.Manages')).toBe(true);
    expect(abp.auth.isGranted('Pages.Administration.Tenants')).toBe(false);
    expect(abp.auth.isAnyGranted('Nope', 'Pages')).toBe(true);
    expect(abp.auth.areAllGranted('Pages', 'Pages.Articles')).toBe(true);
  });

  it('localizes from the Education source with arguments', () => {
    expect(abp.localization.localize('AppName', 'Education')).toBe('在线教育考试平台');
    expect(abp.localization.localize('Permission:Pages.Articles', 'Education')).toBe('文章管理');
    expect(abp.localization.localize('EntityNotFound', 'AbpWeb', 'User', 5)).toBe('实体 User 不存在,id = 5!');
    expect(abp.localization.localize('NoSuchKey', 'Education')).toBe('NoSuchKey');
  });

  it('reads settings, session and multi-tenancy', () => {
    expect(abp.setting.get('Abp.Localization.DefaultLanguageName')).toBe('zh-Hans');
    expect(abp.setting.getInt('Abp.Zero.UserManagement.UserLockOut.MaxFailedAccessAttemptsBeforeLockout')).toBe(5);
    expect(abp.setting.getBoolean('Abp.Notifications.ReceiveNotifications')).toBe(true);
    expect(abp.session.tenantId).toBe(1);
    expect(abp.session.multiTenancySide).toBe(abp.multiTenancy.sides.TENANT);
    expect(abp.features.isEnabled('SignalR')).toBe(false);
  });
});
