import type { EntityChangeListDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTenant } from '../testing/tenants.ts';
import { httpClient } from './testing/http.ts';

/** Settings in the entity history over real HTTP: each change of a setting, who made it, from what to what. */
let t: TestApp;
let c: Awaited<ReturnType<typeof httpClient>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await httpClient(t);
  admin = await c.login('admin');
});
afterAll(async () => t.close());

async function ok(token: string, verb: string, path: string, body?: unknown) {
  const res = await c.http(verb, c.api(path), { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

/** The side's setting changes, newest first: [setting name, from, to] per property, with who made the change. */
async function settingChanges(token: string) {
  const res = await c.http('GET', c.api('AuditLog/GetEntityChanges'), { token, query: { EntityTypeFullName: 'Setting', MaxResultCount: 50 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const items = (res.body.result as { items: EntityChangeListDto[] }).items;
  return items.map((ch) => ({
    userName: ch.userName,
    changeType: ch.changeType,
    entityId: ch.entityId,
    changeSetId: ch.entityChangeSetId,
    properties: ch.propertyChanges.map((p) => [p.propertyName, p.originalValue, p.newValue]),
  }));
}

describe('Settings history', () => {
  it('records a setting changed through its endpoint, from what to what, and a later change of the same setting', async () => {
    await ok(admin, 'PUT', 'AuditLog/UpdateAuditSettings', { retentionDays: 120 });
    await ok(admin, 'PUT', 'AuditLog/UpdateAuditSettings', { retentionDays: 30 });
    // The same value again: nothing changed, nothing recorded.
    await ok(admin, 'PUT', 'AuditLog/UpdateAuditSettings', { retentionDays: 30 });
    const [second, first] = (await settingChanges(admin)).filter((ch) => ch.properties.some(([name]) => name === 'App.Auditing.RetentionDays'));
    expect(first).toMatchObject({ userName: 'admin', changeType: 0, properties: [['App.Auditing.RetentionDays', null, '120']] });
    expect(second).toMatchObject({ userName: 'admin', changeType: 1, properties: [['App.Auditing.RetentionDays', '120', '30']] });
    expect(second!.entityId).toBe(first!.entityId);

    // The entity's own history (the 变更历史 of one setting) reads the same two changes.
    const one = await ok(admin, 'GET', `AuditLog/GetEntityTypeChanges?EntityTypeFullName=Setting&EntityId=${first!.entityId}`);
    expect(one.totalCount).toBe(2);
  });

  it('records the review rules as one change set and the school name, each setting by its name', async () => {
    await ok(admin, 'PUT', 'Review/UpdateSettings', { allowSameReviewerForSteps: true, allowAuthorReview: true });
    await ok(admin, 'PUT', 'TenantSettings/UpdateAllSettings', { general: { schoolName: '第一中学' } });
    const changes = await settingChanges(admin);
    const named = (name: string) => changes.find((ch) => ch.properties.some(([n]) => n === name));
    expect(named('App.Review.AllowSameReviewerForSteps')?.properties).toEqual([['App.Review.AllowSameReviewerForSteps', null, 'true']]);
    expect(named('App.Review.AllowAuthorReview')?.properties).toEqual([['App.Review.AllowAuthorReview', null, 'true']]);
    expect(named('App.Review.AllowSameReviewerForSteps')!.changeSetId).toBe(named('App.Review.AllowAuthorReview')!.changeSetId);
    expect(named('App.General.SchoolName')?.properties).toEqual([['App.General.SchoolName', null, '第一中学']]);
  });

  it("keeps each side to its own settings' history", async () => {
    const other = await createTenant(t, 'setb');
    expect(await settingChanges(other.token)).toEqual([]);
    await ok(other.token, 'PUT', 'AuditLog/UpdateAuditSettings', { retentionDays: 7 });
    const theirs = await settingChanges(other.token);
    expect(theirs.map((ch) => ch.properties)).toEqual([[['App.Auditing.RetentionDays', null, '7']]]);
    expect((await settingChanges(admin)).some((ch) => ch.properties.some(([, , to]) => to === '7'))).toBe(false);
    // The object types list the settings.
    const types = (await ok(admin, 'GET', 'AuditLog/GetEntityHistoryObjectTypes')) as Array<{ name: string; value: string }>;
    expect(types).toContainEqual({ name: '设置', value: 'Setting' });
  });
});
