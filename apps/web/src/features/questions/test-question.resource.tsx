import { Permissions, reviewables, type QuestionExportFormat, type TestQuestionDto } from '@edu/sdk';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Text } from '@chakra-ui/react';
import { TrashIcon } from '@edu/ui';
import { api } from '../../lib/client.ts';
import {
  auditOptions,
  callAction,
  defineResource,
  switchCell,
  type ColumnSpec,
  type FilterSpec,
  LIST_PARAM,
  parseFilterParam,
  type ActionDialogProps,
  type RowAction,
  type ToolbarAction,
} from '../../resources/index.ts';
import { downloadAction } from '../../resources/file-actions.tsx';
import { RichTextLine } from '../../resources/rich-text/math-line.tsx';
import { reviewColumn } from '../../shared/content-preset.tsx';
import { categoryColumn, categoryFilter, ClassType } from '../../shared/categories.tsx';
import { difficultyOptions, listQuestions, typeOptions, useQuestionChapterOptions } from '../../shared/questions/question-api.ts';
import { createQuestionAction, editQuestionAction, importQuestionsAction } from './question-actions.tsx';
import { reviewHistoryAction, stepReviewActions } from './question-review.tsx';
import { previewQuestionAction } from './question-view.tsx';
import { sisterAction } from './sister-panel.tsx';

function StemTitle({ row }: { row: TestQuestionDto }) {
  return <RichTextLine html={row.stem} fallback={row.title} />;
}

function SisterCount({ row }: { row: TestQuestionDto }) {
  return (
    <Text as="span" color={row.sisterCount > 0 ? 'fg' : 'fg.subtle'} data-testid="sister-count">
      {row.sisterCount > 0 ? row.sisterCount : '—'}
    </Text>
  );
}

const columns: ColumnSpec<TestQuestionDto>[] = [
  // Truncated (预览 shows it whole); 180 px leaves the English labels room, so no column lies under the pinned actions at 1440 px.
  // Equations (imported from Word) typeset, not shown as LaTeX source; KaTeX only loads on a page holding one.
  { field: 'title', truncate: true, width: '180px', cell: StemTitle },
  { field: 'questionType', sortable: true, options: typeOptions, width: '80px' },
  { field: 'difficulty', sortable: true, options: difficultyOptions, width: '72px' },
  { field: 'score', sortable: true, width: '64px', align: 'end' },
  categoryColumn<TestQuestionDto>(ClassType.Question, { width: '160px' }),
  { field: 'chapterName', truncate: true, width: '120px' },
  { field: 'creatorName', minWidth: '80px' },
  reviewColumn<TestQuestionDto>(reviewables.testQuestion),
  {
    field: 'isShow',
    width: '72px',
    cell: switchCell<TestQuestionDto>({
      call: api.testQuestion.showStateSwitching,
      input: (row, on) => ({ id: row.id, isShow: on }),
      successKey: 'questions.showSwitched',
    }),
  },
  { field: 'sisterCount', width: '72px', align: 'end', cell: SisterCount },
  { field: 'creationTime', type: 'datetime', sortable: true },
];

const filters: FilterSpec[] = [
  { name: 'Keyword', type: 'keyword' },
  categoryFilter(ClassType.Question),
  { name: 'ChapterTypeId', type: 'select', useOptions: useQuestionChapterOptions },
  { name: 'QuestionType', type: 'select', options: typeOptions },
  { name: 'Difficulty', type: 'select', options: difficultyOptions },
  { name: 'AuditStatus', type: 'select', options: auditOptions },
  { name: 'IsShow', type: 'boolean', trueKey: 'questions.show.true', falseKey: 'questions.show.false' },
];

/** 删除: `DeleteQuestion?Id=&QuestionType=` (the type guards against deleting another question from a stale screen). */
const deleteQuestion = callAction<TestQuestionDto>({
  key: 'delete',
  labelKey: 'actions.delete',
  icon: <TrashIcon />,
  call: api.testQuestion.deleteQuestion,
  input: (row) => ({ Id: row.id, QuestionType: row.questionType }),
  destructive: true,
  confirm: { titleKey: 'actions.confirmDeleteTitle', descriptionKey: 'actions.confirmDelete' },
  successKey: 'actions.deleted',
});

function bankRowActions(): RowAction<TestQuestionDto>[] {
  return [
    { ...previewQuestionAction, inline: true },
    editQuestionAction,
    sisterAction,
    ...stepReviewActions({ inline: false }),
    reviewHistoryAction,
    deleteQuestion,
  ];
}

/**
 * 导出 Word / 导出 QTI: the questions the list's filters select (as the URL
 * keeps them; the bank of the tab), as Word in the import format or an IMS
 * QTI 2.1 package (`ExportQuestions`).
 */
function exportQuestionsAction(university: boolean, format: QuestionExportFormat): ToolbarAction<TestQuestionDto> {
  const key = format === 'docx' ? 'exportWord' : 'exportQti';
  const base = downloadAction<TestQuestionDto>({ key, call: api.testQuestion.exportQuestions });
  function ExportQuestionsDialog(props: ActionDialogProps<TestQuestionDto>) {
    const [search] = useSearchParams();
    const [Dialog] = useState(() => {
      const filters = parseFilterParam(search.get(LIST_PARAM.filter));
      const input = { ...filters, ...(university && { IsUniversity: true }), format };
      return downloadAction<TestQuestionDto>({ key, call: api.testQuestion.exportQuestions, input: () => input }).dialog!;
    });
    return <Dialog {...props} />;
  }
  return { ...base, dialog: ExportQuestionsDialog };
}

/** The toolbar of a bank list: 新增 (the editor), 导入, 导出 Word and 导出 QTI. */
export function bankToolbar(university: boolean): ToolbarAction<TestQuestionDto>[] {
  return [
    createQuestionAction({ isUniversity: university }),
    importQuestionsAction(university),
    exportQuestionsAction(university, 'docx'),
    exportQuestionsAction(university, 'qti'),
  ];
}

/**
 * 试题 (`Pages.Questions.TestQuestion`): the question bank. One declaration
 * serves the standard bank and 大学试题 (`university`: `IsUniversity=true` on
 * the list and on new questions, `Pages.Questions.UniversityQuestion`). Create
 * and edit use the question editor (`question-editor.tsx`), not the generic
 * form: the answer part follows the type, and a duplicate warning follows the
 * save. Delete sends the row's `QuestionType`.
 */
export const testQuestionResource = defineResource({
  name: 'testQuestion',
  service: { getAll: listQuestions, get: api.testQuestion.get },
  rowLabel: (row) => `#${row.id} ${row.title}`,
  columns,
  filters,
  actions: bankToolbar(false),
  rowActions: bankRowActions(),
  tenantOwned: true,
  variants: {
    university: {
      query: { IsUniversity: true },
      permission: Permissions.QuestionsUniversityQuestion,
      actions: bankToolbar(true),
    },
  },
});

/** The teacher screen shows the bank's columns and filters under the bank's labels. */
const bankColumn = (c: ColumnSpec<TestQuestionDto>): ColumnSpec<TestQuestionDto> => ({ labelKey: `resources.testQuestion.fields.${c.field}`, ...c });
const bankFilter = (f: FilterSpec): FilterSpec => (f.type === 'keyword' ? f : { labelKey: `resources.testQuestion.filters.${f.name}`, ...f });
const queueFilters: FilterSpec[] = [
  { name: 'Keyword', type: 'keyword' },
  categoryFilter(ClassType.Question),
  { name: 'QuestionType', type: 'select', options: typeOptions },
  { name: 'Difficulty', type: 'select', options: difficultyOptions },
];

/**
 * 教师试题 (`Pages.Questions.Teachers`): questions contributed by teachers
 * (`GetAllTeacherQuestion`: authors of identity Teacher, every state, both
 * banks) and their two-step review. Tabs: 待我审核 (`GetAllModerated`, what the
 * caller may decide now) and 已驳回. Review actions name the step they decide
 * (初审 then 复审, `AuditTestQuestionFlow`) and show only to its holders.
 */
export const teacherQuestionResource = defineResource({
  name: 'testQuestionTeacher',
  service: { getAll: api.testQuestion.getAllTeacherQuestion, get: api.testQuestion.get },
  rowLabel: (row) => `#${row.id} ${row.title}`,
  columns: columns.filter((c) => c.field !== 'isShow').map(bankColumn),
  filters: [...queueFilters, { name: 'AuditStatus', type: 'select' as const, options: auditOptions }].map(bankFilter),
  rowActions: [{ ...previewQuestionAction, inline: true }, ...stepReviewActions(), reviewHistoryAction],
  tenantOwned: true,
  variants: {
    queue: { list: api.testQuestion.getAllModerated, filters: queueFilters.map(bankFilter) },
    rejected: {
      query: { AuditStatus: 2 },
      filters: queueFilters.map(bankFilter),
      rowActions: [{ ...previewQuestionAction, inline: true }, reviewHistoryAction],
    },
  },
});
