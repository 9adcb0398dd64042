import { AbpError, AUDIT_RETENTION_DAYS } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Accountability through the SDK client: the audit settings (retention) and
 * the entity history (ASP.NET Zero's GetEntityChanges, GetEntityTypeChanges,
 * GetEntityPropertyChanges, GetEntityHistoryObjectTypes). Every response is
 * parsed with the SDK schema.
 */
let backend: Backend;
let admin: SignedIn;
/** A user of the tenant created (and so recorded) by the first history test. */
let recordedUserId = 0;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
});
afterAll(async () => backend?.close());

describe('Audit settings contract', () => {
  it('reads and writes the retention within its bounds; outside them is a validation error', async () => {
    const a = admin.client.auditLog;
    const before = await a.getAuditSettings({});
    expect(before.retentionDays).toBeGreaterThanOrEqual(AUDIT_RETENTION_DAYS.min);
    expect(await a.updateAuditSettings({ retentionDays: 30 })).toEqual({ retentionDays: 30 });
    expect(await a.getAuditSettings({})).toEqual({ retentionDays: 30 });
    // The SDK validates before sending: the raw call shows the server's answer.
    const res = await fetch(`${backend.baseUrl}/api/services/app/AuditLog/UpdateAuditSettings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'abp.tenantid': String(admin.tenantId) },
      body: JSON.stringify({ retentionDays: AUDIT_RETENTION_DAYS.max + 1 }),
    });
    expect(res.status).toBe(400);
    await a.updateAuditSettings(before);
  });
});

describe('Audit log contract', () => {
  it("leaves no row for Session/GetCurrentLoginInformations (ABP's [DisableAuditing]) and records the audited call made after it", async () => {
    const marker = unique('auditmark');
    await admin.client.session.getCurrentLoginInformations({});
    await admin.client.friendLink.getAll({ Keyword: marker });
    // Rows are written off the request's path: wait for the later call's row, then the earlier call's would be there too.
    const deadline = Date.now() + 10_000;
    let recorded = false;
    while (!recorded && Date.now() < deadline) {
      await backend.mock?.auditWriter.flush();
      const page = await admin.client.auditLog.getAuditLogs({ ServiceName: 'FriendLink', MethodName: 'GetAll', MaxResultCount: 20 });
      recorded = page.items.some((r) => r.parameters?.includes(marker) === true);
      if (!recorded) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recorded).toBe(true);
    const session = await admin.client.auditLog.getAuditLogs({ ServiceName: 'Session', MethodName: 'GetCurrentLoginInformations' });
    expect(session.totalCount).toBe(0);
  });
});

describe('Entity history contract', () => {
  it("records a user's creation and update and lists them by entity, newest first, with their property changes", async () => {
    const userName = unique('hist');
    const u = await admin.client.user.create({
      userName,
      name: '伟',
      surname: '张',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
    });
    recordedUserId = u.id;
    await admin.client.user.update({ ...u, name: '芳', roleNames: u.roleNames });
    const page = await admin.client.auditLog.getEntityTypeChanges({ EntityTypeFullName: 'User', EntityId: u.id });
    expect(page.totalCount).toBe(2);
    const [update, creation] = page.items;
    expect(creation).toMatchObject({ changeType: 0, entityId: String(u.id), entityTypeFullName: 'User', userId: admin.userId });
    expect(update!.changeType).toBe(1);
    expect(update!.propertyChanges).toContainEqual(expect.objectContaining({ propertyName: 'name', originalValue: '伟', newValue: '芳' }));
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|Passw0rd/);
    const properties = await admin.client.auditLog.getEntityPropertyChanges({ EntityChangeId: update!.id });
    expect(properties).toEqual(update!.propertyChanges);
    const listed = await admin.client.auditLog.getEntityChanges({ EntityTypeFullName: 'User', EntityId: u.id, Sorting: 'changeTime asc' });
    expect(listed.items.map((i) => i.id)).toEqual([creation!.id, update!.id]);
  });

  it('names the types with history and refuses an unknown type', async () => {
    const types = await admin.client.auditLog.getEntityHistoryObjectTypes({});
    expect(types.map((t) => t.value)).toEqual(expect.arrayContaining(['User', 'Role', 'TestPaper']));
    const e = await fetch(`${backend.baseUrl}/api/services/app/AuditLog/GetEntityTypeChanges?EntityTypeFullName=Password&EntityId=1`, {
      headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': String(admin.tenantId) },
    });
    expect(e.status).toBe(400);
  });

  it("keeps a tenant's history from the host (an empty page for its user's id) and from callers not signed in", async () => {
    const host = await backend.host();
    if (!host) return;
    expect(recordedUserId).toBeGreaterThan(0);
    const page = await host.client.auditLog.getEntityTypeChanges({ EntityTypeFullName: 'User', EntityId: recordedUserId });
    expect(page).toEqual({ totalCount: 0, items: [] });
    const all = await host.client.auditLog.getEntityChanges({ EntityTypeFullName: 'User', MaxResultCount: 1000 });
    expect(all.items.some((i) => i.userId === admin.userId)).toBe(false);
    const plain = await backend
      .anonymous(admin.tenantId)
      .auditLog.getEntityChanges({})
      .catch((x: unknown) => x);
    expect(plain).toBeInstanceOf(AbpError);
  });
});
