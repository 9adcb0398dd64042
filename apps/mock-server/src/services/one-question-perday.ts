import { reviewables, OneQuestionPerdayService, type OneQuestionPerdayDto } from '@edu/sdk';
import { contentHandlers, reviewFields, type ContentRow } from '../kit/content.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';

type QuestionRow = ContentRow & { content: string; answer: string; analysis: string | null; publishDate: Date };

/** `YYYY-MM-DD` in China Standard Time -> the UTC instant of that day's midnight there. */
const cstMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

const questions = contentHandlers<QuestionRow, OneQuestionPerdayDto, { title: string; categoryId?: number | null; content: string; answer: string; analysis?: string | null; publishDate: string }>({
  reviewable: reviewables.oneQuestionPerday,
  model: (ctx) => ctx.db.oneQuestionPerday as never,
  categoryOptional: true,
  richFields: ['content', 'analysis'],
  textFields: ['title', 'answer'],
  keywordColumns: ['title', 'answer'],
  sortable: { id: 'id', title: 'title', publishDate: 'publishDate', creationTime: 'creationTime', auditStatus: 'auditStatus' },
  toData: (i) => ({ ...i, categoryId: i.categoryId ?? null, publishDate: cstMidnight(i.publishDate) }),
  toDto: (r, l) => ({
    id: r.id,
    title: r.title,
    categoryId: r.categoryId,
    categoryName: l.category(r.categoryId),
    content: r.content,
    answer: r.answer,
    analysis: r.analysis,
    publishDate: iso(r.publishDate),
    ...reviewFields(r, l),
  }),
});

export const oneQuestionPerday = implement(OneQuestionPerdayService, { ...questions, AuditedOneQuestionPerday: questions.review });
