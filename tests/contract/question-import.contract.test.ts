import { AbpError, BackgroundJobState, ClassType, importResultOf, isJobFinished, type BackgroundJobDto, type Client } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Question import through the SDK client (extensions of TestQuestion): the
 * template download, a multipart upload answered with a BackgroundJobDto,
 * the job polled through BackgroundJob/GetJob until it ends, its result
 * parsed as the SDK's ImportResult, the rejected rows' report downloaded.
 */
let backend: Backend;
let admin: SignedIn;
let categoryId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  categoryId = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: unique('导入合同分类') })).id;
});
afterAll(async () => backend?.close());

/** Polls the job until it has ended. */
async function finished(client: Client, job: BackgroundJobDto): Promise<BackgroundJobDto> {
  let current = job;
  for (let i = 0; i < 300 && !isJobFinished(current); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await client.backgroundJob.getJob({ Id: job.id });
  }
  return current;
}

describe('question import contract', () => {
  it('downloads the template, dry-runs and commits a file, and re-uploading creates nothing', async (ctx) => {
    if (!backend.isMock) return ctx.skip();
    const q = admin.client.testQuestion;
    const template = await q.getQuestionImportTemplate({});
    expect(template.fileName).toBe('题目导入模板.xlsx');
    expect(template.blob.size).toBeGreaterThan(1000);

    const stem = unique('合同导入');
    const text = [
      `1、${stem}：2 + 2 = ?`,
      'A. 3  B. 4',
      '【答案】B',
      `2、${stem}：地球是圆的。`,
      '【答案】正确',
      `3、${stem}：缺答案`,
      'A. 甲',
      'B. 乙',
    ].join('\n');
    const file = () => new File([text], '合同导入.txt', { type: 'text/plain' });

    const dry = await finished(admin.client, await q.importQuestions({ file: file(), categoryId, mode: 'dryRun' }));
    expect(dry.state).toBe(BackgroundJobState.values.Succeeded);
    const dryResult = importResultOf(dry)!;
    expect(dryResult).toMatchObject({ mode: 'dryRun', total: 3, valid: 2, invalidRows: 1, created: 0, committed: false });
    expect(dryResult.errors[0]).toMatchObject({ row: 6, question: 3, column: null });

    // The report of rejected rows downloads through client.download.
    const report = await admin.client.download(dryResult.report!);
    expect(report.fileName).toMatch(/\.xlsx$/);

    const commit = importResultOf(
      await finished(admin.client, await q.importQuestions({ file: file(), categoryId, mode: 'commit', allOrNothing: false })),
    )!;
    expect(commit).toMatchObject({ created: 2, committed: true });
    const page = await q.getAllQuestion({ CategoryId: categoryId, Keyword: stem, MaxResultCount: 10 });
    expect(page.result.items.map((i) => i.id).sort()).toEqual(commit.rows.flatMap((r) => (r.createdId === null ? [] : [r.createdId])).sort());

    const again = importResultOf(
      await finished(admin.client, await q.importQuestions({ file: file(), categoryId, mode: 'commit', allOrNothing: false })),
    )!;
    expect(again).toMatchObject({ created: 0, skippedDuplicates: 2 });
  });

  it('answers a validation error on `file` for a file it cannot read', async () => {
    const bad = new File(['not questions at all'], '合同.txt', { type: 'text/plain' });
    const err = await admin.client.testQuestion.importQuestions({ file: bad, categoryId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbpError);
    expect(err).toMatchObject({ kind: 'validation', status: 400 });
  });
});
