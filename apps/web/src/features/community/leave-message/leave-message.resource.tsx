import { Badge, Stack, Text } from '@chakra-ui/react';
import { reviewables, ReplyLeaveMessageInput, UpdateLeaveMessageInput, type LeaveMessageDto } from '@edu/sdk';
import { formatDateTimeUtc8 } from '@edu/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { defineResource, formAction, previewAction, type ColumnSpec, type CustomFieldProps, type OptionSpec } from '../../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../../shared/content-preset.tsx';
import { feedbackFilters, FlaggedText } from '../discuss/feedback-shared.tsx';

/** 1 咨询, 2 建议, 3 投诉, 4 其他 (`leaveMessage.types.<n>`). */
const typeOptions: readonly OptionSpec[] = [1, 2, 3, 4].map((value) => ({ value, labelKey: `leaveMessage.types.${value}` }));
const TYPE_COLORS: Readonly<Record<number, string>> = { 1: 'blue', 2: 'teal', 3: 'red', 4: 'gray' };

function TypeCell({ row }: { row: LeaveMessageDto }) {
  const { t } = useTranslation();
  return (
    <Badge variant="subtle" colorPalette={TYPE_COLORS[row.messageType]}>
      {t(`leaveMessage.types.${row.messageType}`)}
    </Badge>
  );
}

/** 主题 with the sensitive flag, the text under it. */
function TitleCell({ row }: { row: LeaveMessageDto }) {
  return (
    <Stack gap="0.5">
      <FlaggedText text={row.title} row={row} />
      <Text fontSize="xs" color="fg.muted" lineClamp={1} title={row.content}>
        {row.content}
      </Text>
    </Stack>
  );
}

/** 已回复 (who, when) or 待回复. */
function AnswerCell({ row }: { row: LeaveMessageDto }) {
  const { t } = useTranslation();
  if (!row.replyContent)
    return (
      <Badge variant="subtle" colorPalette="orange">
        {t('leaveMessage.unanswered')}
      </Badge>
    );
  return (
    <Stack gap="0.5">
      <Badge variant="subtle" colorPalette="green" alignSelf="flex-start">
        {t('leaveMessage.answered')}
      </Badge>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {[row.replyUserName, row.replyTime ? formatDateTimeUtc8(row.replyTime).slice(0, 16) : null].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** The message being answered, above the answer box. */
function MessageQuote({ row }: CustomFieldProps<LeaveMessageDto>) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <Stack gap="1" p="3" bg="bg.muted" borderRadius="md" data-testid="answer-quote">
      <Text fontWeight="semibold">{row.title}</Text>
      <Text whiteSpace="pre-wrap">{row.content}</Text>
      <Text fontSize="sm" color="fg.muted">
        {[row.creatorName, t(`leaveMessage.types.${row.messageType}`), row.contact].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

const preview = previewAction<LeaveMessageDto, typeof LeaveMessageDto>({
  get: api.leaveMessage.get,
  title: (row) => row.title,
  meta: (row, t) => [
    t(`leaveMessage.types.${row.messageType}`),
    row.creatorName,
    row.contact,
    row.sensitiveHits > 0 ? t('discuss.shared.maskedWords', { words: row.sensitiveWords.join('、') }) : null,
  ],
  sections: (item) => [
    { text: item.content },
    ...(item.replyContent ? [{ labelKey: 'leaveMessage.answerLabel', text: `${item.replyContent}\n— ${item.replyUserName ?? ''}` }] : []),
  ],
});

/** 回复: the platform's answer (a second answer replaces the first); the author is notified. */
const answerAction = formAction<LeaveMessageDto>({
  key: 'reply',
  labelKey: 'leaveMessage.actions.reply',
  inline: true,
  call: api.leaveMessage.replyLeaveMessage,
  schema: ReplyLeaveMessageInput.pick({ replyContent: true }),
  fields: [
    { name: 'message', type: 'custom', component: MessageQuote, span: 2, labelKey: 'leaveMessage.fields.message' },
    {
      name: 'replyContent',
      type: 'textarea',
      rows: 5,
      span: 2,
      labelKey: 'leaveMessage.fields.replyContent',
      placeholderKey: 'leaveMessage.replyPlaceholder',
    },
  ],
  initial: (row) => ({ replyContent: row.replyContent ?? '' }),
  toInput: (values, row) => ({ id: row.id, replyContent: values.replyContent }),
  titleKey: 'leaveMessage.replyTitle',
  successKey: 'leaveMessage.replied',
  size: 'lg',
  submitWithLabel: true,
});

const columns: ColumnSpec<LeaveMessageDto>[] = [
  { field: 'title', cell: TitleCell, minWidth: '260px' },
  { field: 'messageType', cell: TypeCell, minWidth: '72px' },
  { field: 'creatorName', minWidth: '80px' },
  { field: 'contact', truncate: true, width: '140px' },
  { field: 'replyContent', cell: AnswerCell, minWidth: '110px' },
  reviewColumn<LeaveMessageDto>(reviewables.leaveMessage),
  { field: 'creationTime', type: 'datetime', sortable: true },
];

const preset = contentPreset<LeaveMessageDto>(reviewables.leaveMessage, api.leaveMessage, { preview, variants: [], reviewInPlace: true });

/**
 * 互动留言: members' messages to the platform (subject, type, contact), with
 * review in place and the platform's answer (回复, a dialog showing the
 * message); 待审核 lists the reviewer's queue. Messages are written on the
 * site, so the console has no 新增.
 */
export const leaveMessageResource = defineResource({
  name: 'leaveMessage',
  service: api.leaveMessage,
  rowLabel: (row) => row.title,
  columns,
  crud: { create: false },
  form: {
    create: UpdateLeaveMessageInput,
    update: UpdateLeaveMessageInput,
    size: 'md',
    fields: [
      { name: 'title', type: 'text', span: 2 },
      { name: 'messageType', type: 'select', options: typeOptions, emptyValue: undefined },
      { name: 'contact', type: 'text' },
      { name: 'content', type: 'textarea', rows: 5, helpKey: 'content.review.editHint' },
    ],
  },
  ...preset,
  // 驳回 goes into the row's 更多 menu, as 删除 does: with 编辑, 审核通过 and 回复 beside it the pinned column covered 留言时间 in English.
  rowActions: [...preset.rowActions.map((a) => (a.key === 'reject' ? { ...a, inline: false } : a)), answerAction],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'MessageType', type: 'select', options: typeOptions },
    { name: 'Answered', type: 'boolean', trueKey: 'leaveMessage.answered', falseKey: 'leaveMessage.unanswered' },
    ...feedbackFilters,
  ],
  variants: {
    moderated: {
      list: api.leaveMessage.getAllModerated,
      crud: { create: false, update: false, delete: false },
    },
  },
});
