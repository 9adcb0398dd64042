import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { reviewables, UpdateDiscussInput, type DiscussDto, type DiscussTargetType } from '@edu/sdk';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../lib/client.ts';
import { defineResource, previewAction, type ColumnSpec, type OptionSpec } from '../../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../../shared/content-preset.tsx';
import { feedbackFilters, FlaggedText } from './feedback-shared.tsx';

/** Target types in the SDK's order (1 article ... 5 paper), labelled `discuss.targetTypes.<n>`. */
const targetTypeOptions: readonly OptionSpec[] = [1, 2, 3, 4, 5].map((value) => ({ value, labelKey: `discuss.targetTypes.${value}` }));

/**
 * The console screen that manages each target type (navigation.ts paths; the
 * lists have no per-item route, so the link opens the list the item is on).
 */
const TARGET_ROUTES: Readonly<Record<DiscussTargetType, string>> = {
  1: '/articles/article',
  2: '/articles/learningCourse',
  3: '/resources/resource',
  4: '/articles/oneQuestionPerday',
  5: '/testPapers/testPaper',
};

/** 评论对象: the type, then the target's title as a link to its screen; 已删除 when the target is gone. */
function TargetCell({ row }: { row: DiscussDto }) {
  const { t } = useTranslation();
  const title = row.targetTitle ?? t('discuss.unknownTarget', { id: row.targetId });
  return (
    <HStack gap="1.5" minW="0" maxW="260px" align="flex-start">
      <Badge variant="subtle" colorPalette="blue" flexShrink={0}>
        {t(`discuss.targetTypes.${row.targetType}`)}
      </Badge>
      {row.targetDeleted ? (
        <>
          <Text as="span" truncate title={title} color="fg.muted">
            {title}
          </Text>
          <Badge variant="subtle" colorPalette="gray" flexShrink={0}>
            {t('discuss.targetDeleted')}
          </Badge>
        </>
      ) : (
        <Link asChild color="brand.700" truncate title={title}>
          <RouterLink to={TARGET_ROUTES[row.targetType]}>{title}</RouterLink>
        </Link>
      )}
    </HStack>
  );
}

/** The comment's text with its flag, and 回复 @name for replies. */
function ContentCell({ row }: { row: DiscussDto }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0.5">
      {row.parentId !== null && (
        <Text fontSize="xs" color="fg.muted">
          {t('discuss.replyTo', { name: row.replyToName ?? t('discuss.unknownAuthor') })}
        </Text>
      )}
      <FlaggedText text={row.content} row={row} />
    </Stack>
  );
}

const preview = previewAction<DiscussDto, typeof DiscussDto>({
  get: api.discuss.get,
  title: (row) => row.title,
  meta: (row, t) => [
    `${t(`discuss.targetTypes.${row.targetType}`)}《${row.targetTitle ?? row.targetId}》`,
    row.creatorName,
    row.parentId !== null ? t('discuss.replyTo', { name: row.replyToName ?? t('discuss.unknownAuthor') }) : null,
    row.sensitiveHits > 0 ? t('discuss.shared.maskedWords', { words: row.sensitiveWords.join('、') }) : null,
  ],
  sections: (item) => [{ text: item.content }],
});

const columns: ColumnSpec<DiscussDto>[] = [
  { field: 'content', cell: ContentCell, minWidth: '280px' },
  { field: 'target', computed: true, cell: TargetCell, width: '260px' },
  { field: 'creatorName', minWidth: '80px' },
  reviewColumn<DiscussDto>(reviewables.discuss),
  { field: 'creationTime', type: 'datetime', sortable: true },
];

const preset = contentPreset<DiscussDto>(reviewables.discuss, api.discuss, { preview, variants: [], reviewInPlace: true });

/**
 * 会员评论: members' comments with what each comments on (type, title, link),
 * the author, the review state and the sensitive-word flag; review in place
 * (审核通过 / 驳回 with a reason); 待审核 lists the reviewer's queue. Comments
 * are written by members on the site, so the console has no 新增; an edit
 * changes the text and sends it back to review.
 */
export const discussResource = defineResource({
  name: 'discuss',
  service: api.discuss,
  rowLabel: (row) => row.title,
  columns,
  crud: { create: false },
  form: {
    create: UpdateDiscussInput,
    update: UpdateDiscussInput,
    size: 'md',
    fields: [{ name: 'content', type: 'textarea', rows: 5, helpKey: 'content.review.editHint' }],
  },
  ...preset,
  filters: [{ name: 'Keyword', type: 'keyword' }, { name: 'TargetType', type: 'select', options: targetTypeOptions }, ...feedbackFilters],
  variants: {
    moderated: {
      list: api.discuss.getAllModerated,
      crud: { create: false, update: false, delete: false },
    },
  },
});
