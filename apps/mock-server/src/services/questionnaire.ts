import { QuestionnaireService, reviewables } from '@edu/sdk';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';
import { forAnswer, submit } from '../questionnaires/answering.ts';
import { assertStructureKept, questionnaireContent as handlers } from '../questionnaires/definition.ts';
import { result, textAnswers } from '../questionnaires/results.ts';

/**
 * Questionnaires (问卷调查): the questionnaire on the content kit (review,
 * lists, sensitive words), its questions and their options as child
 * collections written in the same transaction, and the responses collected
 * (Submit, GetResult, GetTextAnswers). Rules: docs/architecture/domain-rules.md,
 * "Community".
 */

export const questionnaire = implement(
  QuestionnaireService,
  {
    GetAllOfBack: handlers.GetAll,
    GetAllModerated: handlers.GetAllModerated,
    Get: handlers.Get,
    Create: handlers.Create,
    Update: async (input, ctx) => {
      await assertStructureKept(input, ctx);
      return handlers.Update(input, ctx);
    },
    Delete: handlers.Delete,
    auditedQuestionnaire: handlers.review,
    GetResult: result,
    GetTextAnswers: textAnswers,
    GetForAnswer: forAnswer,
    Submit: submit,
  },
  { reviews: [reviewBinding(reviewables.questionnaire, { model: (db) => db.questionnaire })] },
);
