import {
  CreateOneQuestionPerdayInput,
  reviewables,
  UpdateOneQuestionPerdayInput,
  type OneQuestionPerdayDto,
  type OneQuestionPerdayListDto,
} from '@edu/sdk';
import { formatDateUtc8 } from '@edu/ui';
import { api } from '../../lib/client.ts';
import { defineResource, previewAction } from '../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../shared/content-preset.tsx';
import { categoryColumn, categoryField, ClassType } from '../../shared/categories.tsx';

const preview = previewAction<OneQuestionPerdayListDto, typeof OneQuestionPerdayDto>({
  get: api.oneQuestionPerday.get,
  title: (row) => row.title,
  meta: (row, t) => [t('resources.oneQuestionPerday.publishOn', { date: formatDateUtc8(row.publishDate) }), row.categoryName, row.creatorName],
  sections: (row) => [
    { labelKey: 'resources.oneQuestionPerday.fields.content', html: row.content },
    { labelKey: 'resources.oneQuestionPerday.fields.answer', text: row.answer },
    { labelKey: 'resources.oneQuestionPerday.fields.analysis', html: row.analysis },
  ],
});

/**
 * 每日一题: a question a day (stem and analysis in rich text, the answer in
 * plain text) in an optional question category (class type 3). Reviewed in
 * place: reviewers see 审核通过 / 驳回 on the list and a 待审核 tab.
 */
export const oneQuestionPerdayResource = defineResource({
  name: 'oneQuestionPerday',
  service: api.oneQuestionPerday,
  rowLabel: (row) => row.title,
  defaultSorting: 'publishDate desc',
  columns: [
    { field: 'publishDate', type: 'date', sortable: true, width: '112px' },
    { field: 'title', sortable: true, truncate: true, width: '280px' },
    categoryColumn<OneQuestionPerdayListDto>(ClassType.Question),
    { field: 'creatorName' },
    reviewColumn<OneQuestionPerdayListDto>(reviewables.oneQuestionPerday),
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  form: {
    create: CreateOneQuestionPerdayInput,
    update: UpdateOneQuestionPerdayInput,
    size: 'xl',
    fields: [
      { name: 'title', type: 'text', span: 2 },
      { name: 'publishDate', type: 'date' },
      categoryField<OneQuestionPerdayListDto>(ClassType.Question),
      { name: 'content', type: 'richText' },
      { name: 'answer', type: 'textarea', rows: 2 },
      { name: 'analysis', type: 'richText', helpKey: 'content.review.editHint' },
    ],
  },
  ...contentPreset(reviewables.oneQuestionPerday, api.oneQuestionPerday, { preview, variants: ['mine', 'moderated'], reviewInPlace: true }),
});
