import { CreateOneQuestionPerdayInput, OneQuestionPerdayDto, OneQuestionPerdayListDto, OneQuestionPerdayService, reviewables } from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { RequestContext } from '../kit/context.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';

type In = z.output<typeof CreateOneQuestionPerdayInput>;
type Columns = Omit<In, 'publishDate'> & { publishDate: Date };
const dto = dtoMapper(OneQuestionPerdayDto);

/** `YYYY-MM-DD` in China Standard Time -> the UTC instant of that day's midnight there. */
const cstMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

const questions = contentHandlers({
  reviewable: reviewables.oneQuestionPerday,
  input: CreateOneQuestionPerdayInput,
  model: (ctx: RequestContext): ContentTableOf<'OneQuestionPerday', Columns> => ctx.db.oneQuestionPerday,
  categoryOptional: true,
  listDto: OneQuestionPerdayListDto,
  listFromColumns: true,
  richFields: ['content', 'analysis'],
  textFields: ['title', 'answer'],
  keywordColumns: ['title', 'answer'],
  keywordIndex: true,
  sortable: { id: 'id', title: 'title', publishDate: 'publishDate', creationTime: 'creationTime', auditStatus: 'auditStatus' },
  toData: (i, rich): Columns => ({
    ...i,
    categoryId: i.categoryId ?? null,
    content: rich('content') ?? '',
    analysis: rich('analysis'),
    publishDate: cstMidnight(i.publishDate),
  }),
  toDto: (r, l) => dto(r, { categoryName: l.category(r.categoryId), ...reviewFields(r, l) }),
});

export const oneQuestionPerday = implement(
  OneQuestionPerdayService,
  { ...questions, AuditedOneQuestionPerday: questions.review },
  { reviews: [reviewBinding(reviewables.oneQuestionPerday, { model: (db) => db.oneQuestionPerday })] },
);
