import {
  chineseOrdinal,
  MAX_PAPER_QUESTIONS,
  PAPER_SECTION_NAMES,
  type ImportQuestionOfPaperInput,
  type ImportRowDto,
  type PaperImportPlacement,
  type QuestionType,
  type ValidationErrorInfo,
} from '@edu/sdk';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { distinctIds } from '../kit/content.ts';
import type { RowOf } from '../kit/crud.ts';
import { AbpValidationError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { startImport } from '../kit/import/running.ts';
import { questionImportRun, type QuestionBankWriter } from '../questions/import.ts';
import { requireCell } from './access.ts';
import { narrowType, paperAdmission, questionFacts, type PaperSkipReason, type SectionPlan } from './content-rules.ts';
import { paperOf, rowOf } from './papers.ts';
import { columnsOf, storedSections, writePaper } from './sections.ts';

/**
 * `ImprotQuestionOfPaper`'s two sources: another paper (its questions copied
 * in, skipping what the paper holds or whose family it holds, and what is no
 * longer available) and a file (the bank's import of the file, with a step
 * that places the questions into the paper in the import's transaction).
 */

type Row = RowOf<'TestPaper'>;
type ImportInput = z.output<typeof ImportQuestionOfPaperInput>;

/** From another paper, `fromPaperId`, into `target` (which the caller may write). */
export async function importFromPaper(input: ImportInput, fromPaperId: number, target: Row, ctx: RequestContext) {
  if (fromPaperId === input.id) invalid('fromPaperId', ctx.t('PaperImportFromItself'));
  const source = await rowOf(fromPaperId, ctx);
  await requireCell(ctx, source, 'read');
  if (source.isUniversity !== target.isUniversity) invalid('fromPaperId', ctx.t('PaperOtherBank'));
  const [into, from] = await Promise.all([storedSections(ctx, target.id), storedSections(ctx, source.id)]);
  const mapping =
    input.sectionMapping ?? from.map((s) => ({ fromSectionId: s.id ?? 0, toSectionId: into.find((t) => t.title === s.title)?.id ?? null }));
  const errors: ValidationErrorInfo[] = [];
  mapping.forEach((m, i) => {
    if (!from.some((s) => s.id === m.fromSectionId))
      errors.push({ message: ctx.t('PaperSectionUnknown', m.fromSectionId), members: [`sectionMapping[${i}].fromSectionId`] });
    if (m.toSectionId && !into.some((s) => s.id === m.toSectionId))
      errors.push({ message: ctx.t('PaperSectionUnknown', m.toSectionId), members: [`sectionMapping[${i}].toSectionId`] });
  });
  if (errors.length) throw new AbpValidationError(errors);
  const incoming = mapping.flatMap((m) => (from.find((s) => s.id === m.fromSectionId)?.questions ?? []).map((q) => ({ q, m })));
  const facts = await questionFacts(ctx, distinctIds([...into.flatMap((s) => s.questions), ...incoming.map((x) => x.q)].map((q) => q.questionId)));
  const admit = paperAdmission(
    facts,
    into.flatMap((s) => s.questions.map((q) => q.questionId)),
    target.isUniversity,
  );
  const skipped: Array<{ questionId: number; reason: PaperSkipReason }> = [];
  const added = new Map<number | null, SectionPlan>();
  for (const { q, m } of incoming) {
    const reason = admit(q.questionId);
    if (reason) {
      skipped.push({ questionId: q.questionId, reason });
      continue;
    }
    const targetSection = m.toSectionId ? into.find((s) => s.id === m.toSectionId) : undefined;
    if (targetSection) targetSection.questions.push({ questionId: q.questionId, score: q.score });
    else {
      // A source section without a target becomes a new section at the end (one per source section).
      const origin = from.find((s) => s.id === m.fromSectionId);
      const key = m.fromSectionId;
      const section = added.get(key) ?? {
        title: origin?.title ?? '',
        description: origin?.description ?? null,
        score: origin?.score ?? null,
        questions: [],
      };
      section.questions.push({ questionId: q.questionId, score: q.score });
      added.set(key, section);
    }
  }
  const count = incoming.length - skipped.length;
  if (count > 0) {
    const data = columnsOf(target);
    await writePaper(ctx, { existing: target, data, assembly: target.assembly, params: target.params }, [...into, ...added.values()]);
  }
  return { paper: await paperOf(target.id, ctx), added: count, skipped };
}

/** The caller's own upload (`File/UploadFile`) by token, or a 400 on `fileToken`: another user's or tenant's token reads as missing. */
async function uploadedFile(ctx: RequestContext, token: string): Promise<File> {
  const row = await ctx.prisma.storedFile.findUnique({ where: { token } });
  if (!row || row.kind !== 'stored' || row.tenantId !== ctx.session.tenantId || row.userId !== ctx.session.userId)
    invalid('fileToken', ctx.t('PaperImportFileMissing'));
  return new File([new Uint8Array(row.bytes)], row.fileName, { type: row.contentType });
}

/**
 * Starts the bank's import of the file (permission, category, reading, the
 * per-row checks and duplicates as ImportQuestions) with the step that puts
 * the questions into the paper in the import's transaction.
 */
export async function importFromFile<Data extends { fingerprint: string }>(
  bank: QuestionBankWriter<Data>,
  input: ImportInput,
  fileToken: string,
  target: Row,
  ctx: RequestContext,
) {
  if (input.categoryId === undefined) invalid('categoryId', ctx.t('PaperImportNeedsCategory'));
  if (input.sectionId !== undefined && !(await ctx.db.testPaperSection.findFirst({ where: { id: input.sectionId, paperId: target.id } })))
    invalid('sectionId', ctx.t('PaperSectionUnknown', input.sectionId));
  const file = await uploadedFile(ctx, fileToken);
  const run = await questionImportRun(
    bank,
    { file, categoryId: input.categoryId, chapterTypeId: input.chapterTypeId, isUniversity: target.isUniversity },
    ctx,
    { maxItems: MAX_PAPER_QUESTIONS },
  );
  const sectionId = input.sectionId;
  const job = await startImport(
    ctx,
    {
      ...run.importer,
      name: 'TestPaper.ImportQuestions',
      title: 'JobTitlePaperImport',
      place: (outcomes, tx, commit) =>
        placeIntoPaper(
          tx,
          { paperId: target.id, sectionId },
          outcomes.map((o) => ({ row: o.row, questionType: o.value?.input.questionType ?? null })),
          commit,
        ),
    },
    run.items,
    {
      fileName: run.fileName,
      mode: input.mode ?? 'dryRun',
      allOrNothing: input.allOrNothing ?? true,
      headers: run.headers,
      target: { ...run.target, paperId: target.id, sectionId: sectionId ?? null },
    },
  );
  return { paper: await paperOf(target.id, ctx), added: 0, skipped: [], job };
}

/**
 * The import's step for the paper: which rows' questions join it (new ones,
 * and live duplicates that are approved, shown, of the paper's bank and
 * neither held nor of a held family) and into which section (the chosen
 * one, else the first whose title names the type, else a new one per type
 * at the end); on a commit, the write (totals, back to review), new
 * questions admitted although pending.
 */
async function placeIntoPaper(
  ctx: RequestContext,
  where: { paperId: number; sectionId: number | undefined },
  outcomes: ReadonlyArray<{ row: ImportRowDto; questionType: number | null }>,
  commit: boolean,
): Promise<{ changed: boolean; result: { paper: PaperImportPlacement } }> {
  const paper = await rowOf(where.paperId, ctx);
  const into = await storedSections(ctx, paper.id);
  const held = into.flatMap((s) => s.questions.map((q) => q.questionId));
  const matched = distinctIds(outcomes.map((o) => (o.row.status === 'duplicate' ? o.row.duplicateOfId : null)));
  const facts = await questionFacts(ctx, distinctIds([...held, ...matched]));
  const admit = paperAdmission(facts, held, paper.isUniversity);
  const skipped: PaperImportPlacement['skipped'] = [];
  const adds: Array<{ questionId: number | null; questionType: QuestionType }> = [];
  for (const { row, questionType } of outcomes) {
    if (row.status === 'duplicate' && row.duplicateOfId !== null) {
      const id = row.duplicateOfId;
      const reason = admit(id);
      const fact = facts.get(id);
      if (reason || !fact) {
        skipped.push({ row: row.row, questionId: id, reason: reason ?? 'unavailable' });
        continue;
      }
      adds.push({ questionId: id, questionType: narrowType(fact.questionType) });
    } else if (row.status === 'created' || row.status === 'valid' || row.status === 'notWritten') {
      adds.push({ questionId: row.status === 'created' ? row.createdId : null, questionType: narrowType(questionType ?? 1) });
    }
  }
  if (held.length + adds.length > MAX_PAPER_QUESTIONS)
    throw new UserFriendlyError(ctx.t('PaperImportTooMany', MAX_PAPER_QUESTIONS, held.length, adds.length));
  const placement = (ids: number[]) => ({ paper: { paperId: paper.id, added: adds.length, addedQuestionIds: ids, skipped } });
  const ids = distinctIds(adds.map((a) => a.questionId));
  if (!commit || !ids.length) return { changed: false, result: placement([]) };
  const sections = [...into];
  for (const add of adds) {
    if (add.questionId === null) continue;
    const name = PAPER_SECTION_NAMES[add.questionType];
    let section = where.sectionId !== undefined ? sections.find((s) => s.id === where.sectionId) : sections.find((s) => s.title.includes(name));
    if (!section) {
      section = { title: `${chineseOrdinal(sections.length)}、${name}`, description: null, score: null, questions: [] };
      sections.push(section);
    }
    section.questions.push({ questionId: add.questionId });
  }
  const created = new Set(distinctIds(outcomes.map((o) => (o.row.status === 'created' ? o.row.createdId : null))));
  await writePaper(ctx, { existing: paper, data: columnsOf(paper), assembly: paper.assembly, params: paper.params }, sections, created);
  return { changed: true, result: placement(ids) };
}
