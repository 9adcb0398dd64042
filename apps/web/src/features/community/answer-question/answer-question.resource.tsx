import { Badge, HStack } from '@chakra-ui/react';
import { CreateQuestionOfAskInput, reviewables, UpdateQuestionOfAskInput, type QuestionOfAskListDto } from '@edu/sdk';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { auditOptions, defineResource, type RowAction } from '../../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../../shared/content-preset.tsx';
import { categoryColumn, categoryField, categoryFilter, ClassType } from '../../../shared/categories.tsx';
import { ThreadDialog } from './thread-dialog.tsx';

/** Approved / pending reply counts of a question (pending in orange: work waiting in the thread). */
function ReplyCountsCell({ row }: { row: QuestionOfAskListDto }) {
  const { t } = useTranslation();
  return (
    <HStack gap="1.5" wrap="wrap">
      <Badge variant="subtle" colorPalette="green" title={t('answerQuestion.counts.approvedTitle')}>
        {t('answerQuestion.counts.approved', { count: row.approvedReplyCount })}
      </Badge>
      {row.pendingReplyCount > 0 && (
        <Badge variant="subtle" colorPalette="orange" title={t('answerQuestion.counts.pendingTitle')}>
          {t('answerQuestion.counts.pending', { count: row.pendingReplyCount })}
        </Badge>
      )}
    </HStack>
  );
}

/** 查看问答: the thread, with the question's and each reply's review, deletes and the console's own answer. */
const threadAction: RowAction<QuestionOfAskListDto> = { key: 'thread', inline: true, dialog: ThreadDialog };

const preset = contentPreset<QuestionOfAskListDto>(reviewables.questionOfAsk, api.questionOfAsk, {
  // The thread view is the preview of a question: it shows the whole thread.
  preview: threadAction,
  variants: ['moderated'],
  reviewInPlace: true,
});

/**
 * 在线问答: members' questions with their reply counts; the thread view
 * (thread-dialog.tsx) reviews the question and each reply on its own.
 * Filters: keyword, subject (question category), review state, has pending
 * replies, asked between two days (UTC+8).
 */
export const questionOfAskResource = defineResource({
  name: 'questionOfAsk',
  service: api.questionOfAsk,
  rowLabel: (row) => row.title,
  columns: [
    { field: 'title', sortable: true, truncate: true, width: '300px' },
    categoryColumn<QuestionOfAskListDto>(ClassType.Question),
    { field: 'creatorName' },
    { field: 'replies', computed: true, cell: ReplyCountsCell },
    reviewColumn<QuestionOfAskListDto>(reviewables.questionOfAsk),
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  form: {
    create: CreateQuestionOfAskInput,
    update: UpdateQuestionOfAskInput,
    size: 'lg',
    fields: [
      { name: 'title', type: 'text', span: 2 },
      categoryField<QuestionOfAskListDto>(ClassType.Question),
      { name: 'content', type: 'textarea', rows: 6, helpKey: 'content.review.editHint' },
    ],
  },
  ...preset,
  filters: [
    { name: 'Keyword', type: 'keyword' },
    categoryFilter(ClassType.Question),
    { name: 'AuditStatus', type: 'select', options: auditOptions },
    { name: 'HasPendingReplies', type: 'boolean', trueKey: 'answerQuestion.filters.withPending', falseKey: 'answerQuestion.filters.withoutPending' },
    { name: 'CreatedFrom', type: 'date' },
    { name: 'CreatedTo', type: 'date' },
  ],
});
