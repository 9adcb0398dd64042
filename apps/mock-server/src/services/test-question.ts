import { TestQuestionService, UserIdentity, reviewables } from '@edu/sdk';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';
import { paperExportHandlers } from '../papers/export-calls.ts';
import { paperQuestionHandlers } from '../papers/question-calls.ts';
import { bank, leaveFamily, question, questionBankWriter, rowOf, withDuplicates } from '../questions/bank.ts';
import { questionExportHandlers } from '../questions/export.ts';
import { questionImportHandlers } from '../questions/import.ts';
import { statisticsHandlers } from '../questions/statistics.ts';

/**
 * The TestQuestion service (题库): the bank's content handlers
 * (questions/bank.ts) under the question rules (questions/rules.ts), sister
 * families, the show state, the statistics (questions/statistics.ts), the
 * import (questions/import.ts), and the paper calls (papers/question-calls.ts,
 * papers/export-calls.ts) given the bank's own DTOs.
 */

export const testQuestion = implement(
  TestQuestionService,
  {
    /** The page, wrapped once more (`result.result`): see `NestedQuestionPage`. */
    GetAllQuestion: async (q, ctx) => ({ result: await bank.list(q, ctx) }),
    GetAllModerated: bank.GetAllModerated,
    GetAllTeacherQuestion: async (q, ctx) => {
      const teachers = await ctx.db.user.findMany({ where: { identity: UserIdentity.values.Teacher }, select: { id: true } });
      return bank.GetAllWhere(q, ctx, { creatorUserId: { in: teachers.map((u) => u.id) } });
    },
    Get: bank.Get,
    CreateQuestion: async (input, ctx) => withDuplicates(await bank.Create(input, ctx), ctx),
    /** The type of a question is fixed once created (papers and answers refer to it). */
    UpdateQuestion: async (input, ctx) => {
      const existing = await rowOf(input.id, ctx);
      if (existing.questionType !== input.questionType) invalid('questionType', ctx.t('QuestionTypeFixed'));
      return withDuplicates(await bank.Update(input, ctx), ctx);
    },
    /** `QuestionType` must be the question's: a stale screen never deletes another row. Deleting leaves the family. */
    DeleteQuestion: async (input, ctx) => {
      const row = await rowOf(input.Id, ctx);
      if (row.questionType !== input.QuestionType) invalid('questionType', ctx.t('QuestionTypeMismatch'));
      await bank.Delete({ Id: input.Id }, ctx);
      if (row.sisterGroupId !== null) await leaveFamily(ctx, row.sisterGroupId);
      return null;
    },
    AuditedTestQuestion: bank.review,
    /** A decision at a named step: refused unless the question awaits that step (checked in the guarded decision). */
    AuditTestQuestionFlow: ({ stepName, ...decision }, ctx) => bank.review(decision, ctx, stepName),
    /**
     * Joins `sisterId` (or a question created from `question`) to `id`'s family,
     * created on first use with `id`'s id. A question already in another family
     * brings its family along (the two merge). Same tenant, never twice.
     */
    ImportSisterQuestion: async (input, ctx) => {
      const anchor = await question(input.id, ctx);
      if ((input.sisterId === undefined) === (input.question === undefined)) invalid('sisterId', ctx.t('SisterNeedsOne'));
      const created = input.question ? await bank.Create(input.question, ctx) : null;
      const sister = created ?? (await question(input.sisterId ?? 0, ctx));
      if (sister.id === anchor.id) invalid('sisterId', ctx.t('SisterOfItself'));
      const [a, b] = await Promise.all([rowOf(anchor.id, ctx), rowOf(sister.id, ctx)]);
      if (a.tenantId !== b.tenantId) invalid('sisterId', ctx.t('SisterOtherTenant'));
      const group = a.sisterGroupId ?? a.id;
      if (b.sisterGroupId !== null && b.sisterGroupId === group) throw new UserFriendlyError(ctx.t('AlreadySisters'));
      await ctx.transaction(async (tx) => {
        await tx.db.testQuestion.updateMany({ where: { id: a.id }, data: { sisterGroupId: group } });
        const joining = b.sisterGroupId === null ? { id: b.id } : { OR: [{ id: b.id }, { sisterGroupId: b.sisterGroupId }] };
        await tx.db.testQuestion.updateMany({ where: joining, data: { sisterGroupId: group } });
      });
      const dto = await question(sister.id, ctx);
      return created ? withDuplicates(dto, ctx) : dto;
    },
    /** Takes the question out of its family; a family left with one question is dissolved. */
    DeleteSisterQuestion: async (input, ctx) => {
      await question(input.Id, ctx);
      const row = await rowOf(input.Id, ctx);
      if (row.sisterGroupId === null) throw new UserFriendlyError(ctx.t('NotInFamily'));
      await ctx.db.testQuestion.updateMany({ where: { id: row.id }, data: { sisterGroupId: null } });
      await leaveFamily(ctx, row.sisterGroupId);
      return null;
    },
    /** Shows or hides a question; not an edit (the review state stays). */
    showStateSwitching: async (input, ctx) => {
      await question(input.id, ctx);
      await ctx.db.testQuestion.updateMany({ where: { id: input.id }, data: { isShow: input.isShow } });
      return question(input.id, ctx);
    },
    ...statisticsHandlers,
    /** Extensions: the import template and upload, with Create's own checks and write. */
    ...questionImportHandlers(questionBankWriter),
    /** Preview and export of a paper (papers/export-calls.ts). */
    ...paperExportHandlers(bank.GetAllWhere),
    /** Extensions: the selection as Word or QTI, a paper as QTI (questions/export.ts). */
    ...questionExportHandlers(bank.list, paperQuestionHandlers(bank.GetAllWhere).GetAllQuestionOfPaper),
    /** The paper calls (papers/question-calls.ts), with the bank's own DTOs. */
    ...paperQuestionHandlers(bank.GetAllWhere),
  },
  { reviews: [reviewBinding(reviewables.testQuestion, { model: (db) => db.testQuestion })] },
);
