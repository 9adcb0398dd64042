import { Badge, Text } from '@chakra-ui/react';
import {
  createQuestionnaireInput,
  Permissions,
  reviewables,
  UpdateQuestionnaireInput,
  type QuestionnaireDto,
  type QuestionnaireListDto,
} from '@edu/sdk';
import { formatDateTimeUtc8 } from '@edu/ui';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { auditOptions, defineResource, previewAction, type ColumnSpec, type OptionSpec, type RowDialogProps } from '../../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../../shared/content-preset.tsx';
import { newQuestion, QuestionsField } from './questions-field.tsx';

/** The list call is `GetAllOfBack` (the spec's name for the console's list). */
const service = { ...api.questionnaire, getAll: api.questionnaire.getAllOfBack };

const audienceOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `questionnaire.audiences.${value}` }));

/** 答题时间: the window's two ends in China time, open ends said so; null when always open. */
function windowEnds(row: { startTime: string | null; endTime: string | null }, t: TFunction): [string, string] | null {
  if (!row.startTime && !row.endTime) return null;
  // To the minute: seconds say nothing about when a questionnaire opens.
  const at = (iso: string) => formatDateTimeUtc8(iso).slice(0, 16);
  return [row.startTime ? at(row.startTime) : t('questionnaire.window.open'), row.endTime ? at(row.endTime) : t('questionnaire.window.open')];
}

function windowText(row: { startTime: string | null; endTime: string | null }, t: TFunction): string {
  const ends = windowEnds(row, t);
  return ends ? `${ends[0]} ~ ${ends[1]}` : t('questionnaire.window.always');
}

function AudienceCell({ row }: { row: QuestionnaireListDto }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="subtle" colorPalette={row.audience === 2 ? 'teal' : 'gray'}>
        {t(`questionnaire.audiences.${row.audience}`)}
      </Badge>
      {row.isAnonymous && (
        <Badge ms="1" variant="subtle" colorPalette="purple">
          {t('questionnaire.anonymous')}
        </Badge>
      )}
    </>
  );
}

function WindowCell({ row }: { row: QuestionnaireListDto }) {
  const { t } = useTranslation();
  const ends = windowEnds(row, t);
  return (
    // Each end stays on one line; the window may take two lines when the table is short of room (English at 1440 px).
    <Text fontSize="sm" whiteSpace="normal">
      {ends ? (
        <>
          <Text as="span" whiteSpace="nowrap">{`${ends[0]} ~`}</Text>{' '}
          <Text as="span" whiteSpace="nowrap">
            {ends[1]}
          </Text>
        </>
      ) : (
        t('questionnaire.window.always')
      )}
    </Text>
  );
}

const preview = previewAction<QuestionnaireListDto, typeof QuestionnaireDto>({
  get: api.questionnaire.get,
  title: (row) => row.title,
  meta: (row, t) => [row.creatorName, windowText(row, t), t(`questionnaire.audiences.${row.audience}`)],
  sections: (item) => [
    ...(item.description ? [{ text: item.description }] : []),
    ...(item.questions ?? []).map((q, i) => ({
      text: [`${i + 1}. ${q.title}${q.isRequired ? ' *' : ''}`, ...q.options.map((o, j) => `${String.fromCharCode(65 + j)}. ${o.content}`)].join(
        '\n',
      ),
    })),
  ],
});

const LazyResults = lazy(() => import('./results-dialog.tsx'));

/** 答卷统计, loaded with its first opening (charts and paging are their own chunk). */
function ResultsDialog(props: RowDialogProps<QuestionnaireListDto>) {
  return (
    <Suspense fallback={null}>
      <LazyResults {...props} />
    </Suspense>
  );
}

const columns: ColumnSpec<QuestionnaireListDto>[] = [
  { field: 'title', sortable: true, width: '280px', truncate: true },
  { field: 'audience', cell: AudienceCell, minWidth: '120px' },
  { field: 'startTime', cell: WindowCell, sortable: true, labelKey: 'resources.questionnaire.fields.window' },
  { field: 'questionCount', width: '72px', align: 'end' },
  { field: 'responseCount', width: '88px', align: 'end' },
  reviewColumn<QuestionnaireListDto>(reviewables.questionnaire),
  { field: 'creatorName', minWidth: '80px' },
  { field: 'creationTime', type: 'datetime', sortable: true },
];

/**
 * 问卷调查: questionnaires with ordered questions (single choice, multiple
 * choice, text) and ordered options, edited in one form; reviewed before
 * publication (approve publishes; the author is notified); the answers
 * collected so far per question (答卷统计).
 */
export const questionnaireResource = defineResource({
  name: 'questionnaire',
  service,
  rowLabel: (row) => row.title,
  columns,
  form: {
    create: createQuestionnaireInput,
    update: UpdateQuestionnaireInput,
    size: 'xl',
    defaults: { audience: 1, isAnonymous: false, questions: [newQuestion()] },
    fields: [
      { name: 'title', type: 'text', span: 2 },
      { name: 'description', type: 'textarea', rows: 2 },
      { name: 'startTime', type: 'datetime' },
      { name: 'endTime', type: 'datetime' },
      { name: 'audience', type: 'select', options: audienceOptions, emptyValue: undefined, helpKey: 'questionnaire.hints.audience' },
      { name: 'isAnonymous', type: 'switch', helpKey: 'questionnaire.hints.anonymous' },
      { name: 'questions', type: 'custom', component: QuestionsField, span: 2 },
    ],
  },
  ...(() => {
    const preset = contentPreset(reviewables.questionnaire, service, { preview, variants: [], reviewInPlace: true });
    return {
      ...preset,
      filters: [
        { name: 'Keyword' as const, type: 'keyword' as const },
        { name: 'AuditStatus' as const, type: 'select' as const, options: auditOptions },
        { name: 'DateFrom' as const, type: 'date' as const, labelKey: 'questionnaire.filters.dateFrom' },
        { name: 'DateTo' as const, type: 'date' as const, labelKey: 'questionnaire.filters.dateTo' },
      ],
      rowActions: [
        // 驳回 goes into the row's 更多 menu, as 删除 does: four buttons left the pinned column over 创建时间 in English.
        ...preset.rowActions.map((a) => (a.key === 'reject' ? { ...a, inline: false } : a)),
        {
          key: 'results',
          labelKey: 'questionnaire.actions.results',
          inline: true,
          permission: Permissions.OthersQuestionnaire,
          dialog: ResultsDialog,
          // Only where answers can be or have been collected: pending rows keep their actions cell short.
          visible: (row: QuestionnaireListDto) => row.auditStatus === 1 || row.responseCount > 0,
        },
      ],
    };
  })(),
});
