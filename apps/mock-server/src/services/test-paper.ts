import { TestPaperService, type RandomParams, reviewables } from '@edu/sdk';
import { writeVersions } from '@edu/db';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { AbpValidationError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';
import { MANUAL, RANDOM, requireCell } from '../papers/access.ts';
import { importFromFile, importFromPaper } from '../papers/import.ts';
import { assertQuestionsApproved, paperOf, papers, rowOf } from '../papers/papers.ts';
import { drawQuestions, randomDryRun } from '../papers/random.ts';
import { newSeed, ruleRecord, sectionsFromDraw } from '../papers/random-assembly.ts';
import { writePaper } from '../papers/sections.ts';
import { questionBankWriter } from '../questions/bank.ts';

/**
 * The TestPaper service (试卷, 作业): papers are content (papers/papers.ts)
 * in cells kind × assembly × bank, each with its permission
 * (papers/access.ts); sections and question links are stored with the row
 * (papers/sections.ts) under the content rules (papers/content-rules.ts);
 * switches are gated by review; random assembly draws through
 * papers/random.ts; the import from another paper or a file is
 * papers/import.ts (the file through the bank's import).
 */

function stateText(ctx: RequestContext, auditStatus: number) {
  return ctx.t(auditStatus === 2 ? 'PaperStateRejected' : 'PaperStatePending');
}

/**
 * A switch: the cell's permission, and only on an approved paper. Approval
 * makes a paper eligible; 启用 and 展示 are an editor's separate decisions
 * afterwards. A paper not approved is refused with a 400 naming the switch
 * (its own state, not a server fault).
 */
async function switchPaper(ctx: RequestContext, id: number, data: { isActive: boolean } | { isShow: boolean }) {
  const row = await rowOf(id, ctx);
  await requireCell(ctx, row, 'write');
  if (row.auditStatus !== 1) invalid('isActive' in data ? 'isActive' : 'isShow', ctx.t('PaperNotApproved', stateText(ctx, row.auditStatus)));
  await ctx.db.testPaper.update({ where: { id }, data, select: { id: true } });
  return paperOf(id, ctx);
}

export const testPaper = implement(
  TestPaperService,
  {
    GetAll: papers.GetAll,
    Get: async (input, ctx) => {
      await requireCell(ctx, await rowOf(input.Id, ctx), 'read');
      return papers.Get(input, ctx);
    },
    /** Manual assembly: the paper, its sections and their questions, pending review. */
    Create: async (input, ctx) => {
      await requireCell(ctx, { ...input, assembly: MANUAL }, 'write');
      const data = await papers.prepare(input, ctx);
      return paperOf(await writePaper(ctx, { existing: null, data, assembly: MANUAL, params: null }, input.sections), ctx);
    },
    /** Either assembly; kind and bank are fixed; back to review. */
    Update: async (input, ctx) => {
      const existing = await rowOf(input.id, ctx);
      await requireCell(ctx, existing, 'write');
      if (input.kind !== existing.kind) invalid('kind', ctx.t('PaperKindFixed'));
      if (input.isUniversity !== existing.isUniversity) invalid('isUniversity', ctx.t('PaperBankFixed'));
      const data = await papers.prepare(input, ctx);
      return paperOf(await writePaper(ctx, { existing, data, assembly: existing.assembly, params: existing.params }, input.sections), ctx);
    },
    Delete: async (input, ctx) => {
      const row = await ctx.db.testPaper.findFirst({ where: { id: input.Id } });
      if (row) await requireCell(ctx, row, 'write');
      return papers.Delete(input, ctx);
    },
    /**
     * Random assembly: the joint dry run; then (unless `dryRun`) the draw and
     * the write in one transaction, or a 400 per short rule.
     */
    CreateRandomGroup: async (input, ctx) => {
      await requireCell(ctx, { ...input, assembly: RANDOM }, 'write');
      const existing = input.id ? await rowOf(input.id, ctx) : null;
      if (existing) {
        await requireCell(ctx, existing, 'write');
        if (existing.assembly !== RANDOM) throw new UserFriendlyError(ctx.t('NotARandomPaper'));
        if (input.kind !== existing.kind) invalid('kind', ctx.t('PaperKindFixed'));
        if (input.isUniversity !== existing.isUniversity) invalid('isUniversity', ctx.t('PaperBankFixed'));
      }
      const data = await papers.prepare({ ...input, sections: [] }, ctx);
      const seed = input.seed ?? newSeed();
      const request = { tenantId: tenantOf(ctx), isUniversity: input.isUniversity, rules: input.rules, seed };
      if (input.dryRun) return { report: (await randomDryRun(ctx.db, request, ctx.t, writeVersions(ctx.prisma))).report, paper: null };
      const written = await ctx.transaction(async (tx) => {
        const plan = await randomDryRun(tx.db, request, tx.t);
        if (!plan.report.feasible)
          throw new AbpValidationError(
            plan.report.rules.filter((r) => r.shortBy > 0 || r.limiting).map((r) => ({ message: r.message, members: [`rules[${r.index}].count`] })),
          );
        const drawn = await drawQuestions(tx.db, plan, seed);
        const params: RandomParams = { version: 1, seed, rules: input.rules.map(ruleRecord) };
        const id = await writePaper(tx, { existing, data, assembly: RANDOM, params: JSON.stringify(params) }, sectionsFromDraw(drawn));
        return { id, report: plan.report };
      });
      return { report: written.report, paper: await paperOf(written.id, ctx) };
    },
    /**
     * The decision; a paper taken down or rejected is switched off. Approval
     * needs every question of the paper approved (a file import adds its new
     * questions while they await the bank's review).
     */
    Review: async (input, ctx) => {
      if (input.auditStatus === 1) await assertQuestionsApproved(ctx, input.id);
      const dto = await papers.review(input, ctx);
      if (dto.auditStatus === 1) return dto;
      await ctx.db.testPaper.update({ where: { id: dto.id }, data: { isActive: false, isShow: false }, select: { id: true } });
      return paperOf(dto.id, ctx);
    },
    GetAllModerated: papers.GetAllModerated,
    Activation: (input, ctx) => switchPaper(ctx, input.id, { isActive: input.isActive }),
    UpdateTestPaperIsShow: (input, ctx) => switchPaper(ctx, input.id, { isShow: input.isShow }),
    /**
     * From another paper: copies its questions in, skipping what the paper
     * holds (or whose family it holds) and what is no longer available. From a
     * file: starts the bank's import with a step that places the questions.
     */
    ImprotQuestionOfPaper: async (input, ctx) => {
      const target = await rowOf(input.id, ctx);
      await requireCell(ctx, target, 'write');
      if (input.fromPaperId !== undefined && input.fileToken !== undefined) invalid('fileToken', ctx.t('PaperImportOneSource'));
      if (input.fileToken !== undefined) return importFromFile(questionBankWriter, input, input.fileToken, target, ctx);
      if (input.fromPaperId === undefined) invalid('fromPaperId', ctx.t('PaperImportOneSource'));
      return importFromPaper(input, input.fromPaperId, target, ctx);
    },
  },
  {
    reviews: [
      reviewBinding(reviewables.testPaper, {
        model: (db) => db.testPaper,
        // A paper rejected or taken down is switched off (papers issue: only approved papers are active or shown).
        onDecision: async (db, id, next) => {
          if (next.auditStatus !== 1) await db.testPaper.update({ where: { id }, data: { isActive: false, isShow: false }, select: { id: true } });
        },
      }),
    ],
  },
);
