import { CreateArticleInput, reviewables, UpdateArticleInput, type ArticleDto, type ArticleListDto } from '@edu/sdk';
import { formatDateTimeUtc8 } from '@edu/ui';
import { api } from '../../lib/client.ts';
import { defineResource, pinnedTitle, previewAction, type ColumnSpec } from '../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../shared/content-preset.tsx';
import { categoryColumn, categoryField, ClassType } from '../../shared/categories.tsx';

const preview = previewAction<ArticleListDto, typeof ArticleDto>({
  get: api.article.get,
  title: (row) => row.title,
  meta: (row, t) => [
    row.categoryName,
    row.author && t('resources.article.byAuthor', { author: row.author }),
    row.source && t('resources.article.fromSource', { source: row.source }),
    formatDateTimeUtc8(row.creationTime),
  ],
  sections: (row) => [...(row.summary ? [{ labelKey: 'resources.article.fields.summary', text: row.summary }] : []), { html: row.content }],
});

const columns: ColumnSpec<ArticleListDto>[] = [
  { field: 'title', sortable: true, render: pinnedTitle((row) => row.title), width: '300px' },
  categoryColumn<ArticleListDto>(ClassType.Article),
  { field: 'creatorName', minWidth: '80px' },
  reviewColumn<ArticleListDto>(reviewables.article),
  { field: 'viewCount', sortable: true, width: '88px', align: 'end' },
  { field: 'creationTime', type: 'datetime', sortable: true },
];

/**
 * 文章: rich-text articles in article categories (class type 1). Editors
 * write and pin; auditors approve or reject (a reason is required); the author
 * hears of each decision. Variants: `mine` (the caller and everyone below
 * them in the user hierarchy) and `moderated` (the review queue).
 */
export const articleResource = defineResource({
  name: 'article',
  service: api.article,
  rowLabel: (row) => row.title,
  columns,
  form: {
    create: CreateArticleInput,
    update: UpdateArticleInput,
    size: 'xl',
    fields: [
      { name: 'title', type: 'text', span: 2 },
      categoryField<ArticleListDto>(ClassType.Article),
      { name: 'author', type: 'text' },
      { name: 'source', type: 'text' },
      { name: 'keywords', type: 'text', helpKey: 'resources.article.hints.keywords' },
      { name: 'coverImageUrl', type: 'image', span: 2 },
      { name: 'summary', type: 'textarea', rows: 2 },
      { name: 'content', type: 'richText', helpKey: 'content.review.editHint' },
    ],
  },
  ...contentPreset(reviewables.article, api.article, { preview, pin: api.article.placedTopArticle, variants: ['mine', 'moderated'] }),
});
