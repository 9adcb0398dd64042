import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BackgroundJobState, jobReport, type BackgroundJobDto, type UserNotificationDto } from '@edu/sdk';
import { buildApp } from '../app.ts';
import { createTenant } from '../testing/tenants.ts';
import { TEST_JWT_SECRET, useTestApp } from '../testing/test-app.ts';
import { UserFriendlyError } from './errors.ts';
import { defineJob, failInterruptedJobs, startJob } from './jobs.ts';

const S = BackgroundJobState.values;

/** A job shaped like an import: walks rows, reports progress, rejects some rows into a report file. */
const importRows = defineJob({
  name: 'Test.ImportRows',
  title: 'JobTitleQuestionImport',
  input: z.object({ rows: z.array(z.string()).min(1), failOn: z.string().optional() }),
  async run(ctx, input, report) {
    const rejected: string[] = [];
    for (const [i, row] of input.rows.entries()) {
      if (row === input.failOn) throw new UserFriendlyError(`第 ${i + 1} 行无法解析`);
      if (row.startsWith('!')) rejected.push(`${i + 1},${row}`);
      await new Promise((resolve) => setTimeout(resolve, 220)); // past the push throttle
      await report(((i + 1) / input.rows.length) * 100, `第 ${i + 1} / ${input.rows.length} 行`);
    }
    const reportFile = rejected.length
      ? await ctx.saveTempFile({
          fileName: '导入失败的行.csv',
          contentType: 'text/csv',
          bytes: new TextEncoder().encode(`行,内容\n${rejected.join('\n')}\n`),
        })
      : undefined;
    return { imported: input.rows.length - rejected.length, ...(reportFile && { report: reportFile }) };
  },
});

const t = useTestApp({ signIn: false });
let token: string;
let encrypted: string;
let userId: number;
let address: string;
const hubs: HubConnection[] = [];

beforeAll(async () => {
  const login = await t.call('POST', '/api/TokenAuth/UsersLogin', { tenantId: 1, body: { userNameOrEmailAddress: 'admin', password: '123qwe' } });
  ({ accessToken: token, encryptedAccessToken: encrypted, userId } = login.body.result);
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
});

async function connect(): Promise<HubConnection> {
  const hub = new HubConnectionBuilder()
    .withUrl(`${address}/signalr?enc_auth_token=${encodeURIComponent(encrypted)}`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  hubs.push(hub);
  await hub.start();
  await hub.invoke('register');
  return hub;
}

const owner = () => ({ app: t.app, session: { tenantId: 1, userId } });

describe('background jobs', () => {
  it('pushes progress to the owner over the hub, ends with its result and a notification, and can be polled', async () => {
    const hub = await connect();
    const pushes: BackgroundJobDto[] = [];
    const notifications: UserNotificationDto[] = [];
    hub.on('jobProgress', (job: BackgroundJobDto) => pushes.push(job));
    hub.on('getNotification', (n: UserNotificationDto) => notifications.push(n));

    const started = await startJob(owner(), importRows, { rows: ['张三', '!坏数据', '李四'] });
    expect(started).toMatchObject({ name: 'Test.ImportRows', state: S.Queued, progress: 0 });
    await t.app.jobs.idle();
    await expect.poll(() => notifications.length).toBe(1);

    const mine = pushes.filter((p) => p.id === started.id);
    expect(mine[0]!.state).toBe(S.Running);
    const progress = mine.map((p) => p.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toEqual(expect.arrayContaining([33, 67]));
    expect(mine.some((p) => p.message === '第 2 / 3 行')).toBe(true);
    const last = mine.at(-1)!;
    expect(last).toMatchObject({ state: S.Succeeded, progress: 100, result: { imported: 2 } });

    // The report of rejected rows is a FileDto the owner can download.
    const report = jobReport(last)!;
    expect(report.fileName).toBe('导入失败的行.csv');
    const file = await t.call('GET', '/File/DownloadTempFile', { token, query: { fileToken: report.fileToken } });
    expect(file.status).toBe(200);
    expect(file.body).toContain('2,!坏数据');

    const n = notifications[0]!.notification;
    expect(n.notificationName).toBe('App.BackgroundJobSucceeded');
    expect(n.data.properties).toMatchObject({ jobId: started.id, report });

    const polled = await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { token, query: { Id: started.id } });
    expect(polled.status).toBe(200);
    expect(polled.body.result).toEqual(last);
    const list = await t.call('GET', '/api/services/app/BackgroundJob/GetMyJobs', { token, query: { State: S.Succeeded } });
    expect(list.body.result.items.map((j: BackgroundJobDto) => j.id)).toContain(started.id);
  });

  it('answers a poll while the job runs with its progress so far, written by no one but the job', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let reported!: () => void;
    const halfway = new Promise<void>((r) => (reported = r));
    // Progress reported from inside a transaction, as an import's write phase does: it is kept in memory, since a
    // write outside the transaction would wait for the transaction itself (prisma/src/sqlite.ts).
    const waiting = defineJob({
      name: 'Test.Waiting',
      title: 'JobTitleQuestionImport',
      input: z.object({}),
      async run(ctx, _input, report) {
        await ctx.db.$transaction(async () => {
          await report(50, '第 1 / 2 行');
          reported();
          await released;
        });
        return { done: true };
      },
    });
    const started = await startJob(owner(), waiting, {});
    await halfway;
    const running = await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { token, query: { Id: started.id } });
    expect(running.body.result).toMatchObject({ state: S.Running, progress: 50, message: '第 1 / 2 行' });
    const mine = await t.call('GET', '/api/services/app/BackgroundJob/GetMyJobs', { token, query: { State: S.Running } });
    expect(mine.body.result.items).toEqual([expect.objectContaining({ id: started.id, progress: 50 })]);
    release();
    await t.app.jobs.idle();
    const ended = await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { token, query: { Id: started.id } });
    expect(ended.body.result).toMatchObject({ state: S.Succeeded, progress: 100, message: '第 1 / 2 行', result: { done: true } });
  });

  it('records a failure and notifies it', async () => {
    const started = await startJob(owner(), importRows, { rows: ['a', 'boom'], failOn: 'boom' });
    await t.app.jobs.idle();
    const polled = await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { token, query: { Id: started.id } });
    // The row keeps the progress reached before the failure.
    expect(polled.body.result).toMatchObject({ state: S.Failed, error: '第 2 行无法解析', result: null, progress: 50, message: '第 1 / 2 行' });
    const notes = await t.call('GET', '/api/services/app/Notification/GetUserNotifications', { token, query: { MaxResultCount: 1 } });
    expect(notes.body.result.items[0].notification).toMatchObject({ notificationName: 'App.BackgroundJobFailed', severity: 3 });
  });

  it('tells the end in the language the job was started in, its title included', async () => {
    const inChinese = await startJob(owner(), importRows, { rows: ['a'] });
    const inEnglish = await startJob({ ...owner(), culture: 'en' }, importRows, { rows: ['b', 'boom'], failOn: 'boom' });
    await t.app.jobs.idle();
    const notes = await t.call('GET', '/api/services/app/Notification/GetUserNotifications', { token, query: { MaxResultCount: 10 } });
    const about = (id: number) =>
      (notes.body.result.items as UserNotificationDto[]).find((n) => n.notification.data.properties?.jobId === id)!.notification.data;
    expect(about(inChinese.id)).toMatchObject({ message: '后台任务“导入题目”已完成。', properties: { title: '导入题目' } });
    expect(about(inEnglish.id)).toMatchObject({
      message: 'The background task "Import questions" failed: 第 2 行无法解析',
      properties: { title: 'Import questions' },
    });
  });

  it('validates the input with 400-style errors before writing anything', async () => {
    const before = await t.app.prisma.backgroundJob.count();
    await expect(startJob(owner(), importRows, { rows: [] })).rejects.toMatchObject({
      validationErrors: [expect.objectContaining({ members: ['rows'] })],
    });
    expect(await t.app.prisma.backgroundJob.count()).toBe(before);
  });

  it('shows a job only to its owner', async () => {
    const started = await startJob(owner(), importRows, { rows: ['x'] });
    await t.app.jobs.idle();
    const other = await createTenant(t, 'jobs-other');
    expect((await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { token: other.token, query: { Id: started.id } })).status).toBe(404);
    const list = await t.call('GET', '/api/services/app/BackgroundJob/GetMyJobs', { token: other.token });
    expect(list.body.result.totalCount).toBe(0);
    expect((await t.call('GET', '/api/services/app/BackgroundJob/GetJob', { query: { Id: started.id } })).status).toBe(401);
  });
});

describe('jobs across a restart', () => {
  it('marks jobs left running as failed when the server starts again', async () => {
    const row = await t.app.prisma.backgroundJob.create({
      data: { tenantId: 1, userId, name: 'Test.ImportRows', input: '{}', state: S.Running, progress: 40 },
    });
    const queued = await t.app.prisma.backgroundJob.create({ data: { tenantId: 1, userId, name: 'Test.ImportRows', input: '{}' } });
    // A second process on the same database (the first one "crashed" with these rows open).
    const restarted = await buildApp({ databaseUrl: t.databaseUrl, jwtSecret: TEST_JWT_SECRET });
    try {
      for (const id of [row.id, queued.id]) {
        const after = await restarted.prisma.backgroundJob.findUniqueOrThrow({ where: { id } });
        expect(after.state).toBe(S.Failed);
        expect(after.error).toMatch(/中断/);
        expect(after.endTime).not.toBeNull();
      }
      expect(await failInterruptedJobs(restarted.prisma)).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
