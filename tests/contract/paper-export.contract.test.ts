import { AbpError, ClassType, QuestionType } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Paper preview and export through the SDK client (TestQuestion
 * `PreviewTestPaper`, `ExportTestPaper`): file answers with the paper's name,
 * the right types and dispositions, real DOCX (a zip) and PDF bytes, and the
 * SDK's validation. The paper is made here, so the file works on any backend
 * where the admin holds the bank's and the papers' permissions.
 */
let backend: Backend;
let admin: SignedIn;
let paperId: number;
let title: string;

beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  const reviewer = await backend.secondReviewer(admin);
  const questionCategory = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: unique('合同导出题库') })).id;
  const paperCategory = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Paper, name: unique('合同导出试卷') })).id;
  const ids: number[] = [];
  for (const stem of ['下列各数中是质数的是', '下列各数中是偶数的是']) {
    const q = await admin.client.testQuestion.createQuestion({
      questionType: QuestionType.values.SingleChoice,
      stem: `<p>${unique(stem)}</p>`,
      categoryId: questionCategory,
      options: [
        { content: '2', isCorrect: true },
        { content: '9', isCorrect: false },
      ],
    });
    await admin.client.testQuestion.auditedTestQuestion({ id: q.id, auditStatus: 1 });
    await reviewer.client.testQuestion.auditedTestQuestion({ id: q.id, auditStatus: 1 });
    ids.push(q.id);
  }
  title = unique('合同导出试卷');
  paperId = (
    await admin.client.testPaper.create({
      title,
      categoryId: paperCategory,
      examMinutes: 60,
      sections: [{ title: '单选题', score: 5, questions: ids.map((questionId) => ({ questionId })) }],
    })
  ).id;
});
afterAll(async () => backend?.close());

const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('paper export contract', () => {
  it('exports the paper as DOCX and its answer key as PDF, named after the paper', async () => {
    const q = admin.client.testQuestion;
    const docx = await q.exportTestPaper({ id: paperId, format: 'docx' });
    expect(docx).toMatchObject({
      fileName: `${title}.docx`,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      inline: false,
    });
    // A DOCX is a zip: "PK\x03\x04".
    expect([...(await bytes(docx.blob)).slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

    const answers = await q.exportTestPaper({ id: paperId, format: 'pdf', document: 'answers' });
    expect(answers).toMatchObject({ fileName: `${title}（答案与解析）.pdf`, contentType: 'application/pdf', inline: false });
    expect(new TextDecoder().decode((await bytes(answers.blob)).slice(0, 5))).toBe('%PDF-');
  });

  it('previews the print PDF inline', async () => {
    const preview = await admin.client.testQuestion.previewTestPaper({ id: paperId });
    expect(preview).toMatchObject({ fileName: `${title}.pdf`, contentType: 'application/pdf', inline: true });
    expect(preview.blob.size).toBeGreaterThan(5_000);
  });

  it('refuses an unknown format and an unknown paper', async () => {
    const q = admin.client.testQuestion;
    // @ts-expect-error: not a format of the contract; the server answers 400 on `format`.
    const bad = await q.exportTestPaper({ id: paperId, format: 'xls' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AbpError);
    expect(bad).toMatchObject({ kind: 'validation' });
    const missing = await q.exportTestPaper({ id: 2_000_000_000, format: 'pdf' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'notFound' });
  });
});
