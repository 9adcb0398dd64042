import { formatYuan, Permissions, reviewables, type TestPaperDto } from '@edu/sdk';
import { Text } from '@chakra-ui/react';
import { EditIcon, PlusIcon, formatDateTimeUtc8 } from '@edu/ui';
import { api } from '../../lib/client.ts';
import {
  auditOptions,
  defineResource,
  reviewActions,
  switchCell,
  type ActionDialogProps,
  type ColumnSpec,
  type FilterSpec,
  type RowAction,
  type RowDialogProps,
  type ToolbarAction,
  type VariantSpec,
  type CrudService,
} from '../../resources/index.ts';
import { reviewColumn } from '../../shared/content-preset.tsx';
import { entityHistoryAction } from '../../shared/audit/entity-history.tsx';
import { categoryColumn, categoryFilter, ClassType } from '../../shared/categories.tsx';
import { assemblePath, cellPermission, paperListOf, type PaperCell } from './paper-api.ts';
import { GoTo, RandomEditorDialog } from './paper-editor.tsx';
import { PaperPreviewDialog } from './paper-preview.tsx';

const flow = reviewables.testPaper.flow;

function Money({ row }: { row: TestPaperDto }) {
  return <Text as="span">{formatYuan(row.money)}</Text>;
}

function Classes({ row }: { row: TestPaperDto }) {
  return (
    <Text as="span" truncate display="block" title={row.classNames.join('、')}>
      {row.classNames.join('、') || '—'}
    </Text>
  );
}

/**
 * Approval makes a paper eligible; 启用 and 显示 are an editor's own switches
 * afterwards. Until it is approved they are disabled, with the reason as a
 * tooltip (the server refuses them with a 400 too).
 */
export const switchBlocked = (row: Pick<TestPaperDto, 'auditStatus'>): string | null =>
  row.auditStatus === 1 ? null : row.auditStatus === 2 ? 'papers.switchBlocked.rejected' : 'papers.switchBlocked.pending';
const approveConfirmKey = 'papers.approveConfirm';

const columns: ColumnSpec<TestPaperDto>[] = [
  { field: 'title', truncate: true, width: '260px', sortable: true },
  categoryColumn<TestPaperDto>(ClassType.Paper, { width: '150px' }),
  { field: 'totalQuestion', width: '64px', align: 'end' },
  { field: 'totalFraction', width: '64px', align: 'end' },
  { field: 'money', width: '80px', align: 'end', cell: Money },
  reviewColumn<TestPaperDto>(reviewables.testPaper),
  {
    field: 'isActive',
    width: '72px',
    cell: switchCell<TestPaperDto>({
      call: api.testPaper.activation,
      input: (row, on) => ({ id: row.id, isActive: on }),
      successKey: 'papers.switched',
      blockedKey: switchBlocked,
    }),
  },
  {
    field: 'isShow',
    width: '72px',
    cell: switchCell<TestPaperDto>({
      call: api.testPaper.updateTestPaperIsShow,
      input: (row, on) => ({ id: row.id, isShow: on }),
      successKey: 'papers.switched',
      blockedKey: switchBlocked,
    }),
  },
  { field: 'creatorName', minWidth: '80px' },
  { field: 'creationTime', type: 'datetime', sortable: true },
];

const homeworkColumns: ColumnSpec<TestPaperDto>[] = [
  ...columns.slice(0, 2),
  { field: 'dueTime', width: '140px', render: (row) => (row.dueTime ? formatDateTimeUtc8(row.dueTime) : '—') },
  { field: 'classNames', width: '140px', cell: Classes },
  ...columns.slice(2),
];

const filters: FilterSpec[] = [
  { name: 'Keyword', type: 'keyword' },
  categoryFilter(ClassType.Paper),
  { name: 'AuditStatus', type: 'select', options: auditOptions },
  { name: 'IsActive', type: 'boolean', trueKey: 'papers.active.true', falseKey: 'papers.active.false' },
  { name: 'IsShow', type: 'boolean', trueKey: 'papers.show.true', falseKey: 'papers.show.false' },
];

/** 变更历史 of a paper (audit-log holders). */
const paperHistoryAction = entityHistoryAction<TestPaperDto>('TestPaper', (row) => row.title);

function PreviewDialog({ open, onClose, row }: RowDialogProps<TestPaperDto>) {
  return <PaperPreviewDialog open={open} onClose={onClose} paper={row} />;
}

/** 预览: the print PDF inline, with the export buttons. */
const previewAction: RowAction<TestPaperDto> = {
  key: 'preview',
  labelKey: 'content.actions.preview',
  inline: true,
  permission: 'authenticated',
  dialog: PreviewDialog,
};

function EditDialog({ open, onClose, row }: RowDialogProps<TestPaperDto>) {
  const cell = { kind: row.kind, isUniversity: row.isUniversity };
  if (row.assembly === 2) return <RandomEditorDialog open={open} onClose={onClose} cell={cell} paperId={row.id} />;
  return open ? <GoTo to={assemblePath(paperListOf(cell, 1), row.id)} onClose={onClose} /> : null;
}

/** 编辑: the assembly page for a manual paper, the rule editor (regenerate) for a random one. */
const editAction: RowAction<TestPaperDto> = {
  key: 'edit',
  labelKey: 'actions.edit',
  icon: <EditIcon />,
  inline: true,
  permission: [
    Permissions.TestPapersHand,
    Permissions.TestPapersUniversityHand,
    Permissions.TestPapersRandom,
    Permissions.TestPapersUniversityRandom,
    Permissions.HomeworksHand,
    Permissions.HomeworksRandom,
  ],
  dialog: EditDialog,
};

/** 新增 / 随机组卷: the assembly page of a new paper of the screen's cell, or the rule editor. */
function createAction(cell: PaperCell, mode: 'manual' | 'random'): ToolbarAction<TestPaperDto> {
  function CreateDialog({ open, onClose }: ActionDialogProps<TestPaperDto>) {
    if (mode === 'random') return <RandomEditorDialog open={open} onClose={onClose} cell={cell} paperId={null} />;
    return open ? <GoTo to={assemblePath(paperListOf(cell, 1), 'new')} onClose={onClose} /> : null;
  }
  return {
    key: mode === 'manual' ? 'create' : 'generate',
    labelKey: mode === 'manual' ? 'actions.create' : 'papers.actions.generate',
    icon: <PlusIcon />,
    permission: cellPermission(cell, mode === 'manual' ? 1 : 2),
    dialog: CreateDialog,
  };
}

const review = reviewActions<TestPaperDto>(api.testPaper.review, { inline: false, flow, approveConfirmKey });

/** A list of one kind × assembly × bank: its query, its create button. */
function cellVariant(cell: PaperCell, mode: 'manual' | 'random'): VariantSpec<CrudService> {
  return {
    query: { Kind: cell.kind, Assembly: mode === 'manual' ? 1 : 2, IsUniversity: cell.isUniversity },
    actions: [createAction(cell, mode)],
    ...(cell.kind === 2 && { columns: homeworkColumns }),
  };
}

/** The reviewers' queue of a kind (`GetAllModerated`): preview and review inline, nothing else. */
function moderatedVariant(kind: 1 | 2): VariantSpec<CrudService> {
  return {
    list: api.testPaper.getAllModerated,
    query: { Kind: kind },
    filters: [{ name: 'Keyword', type: 'keyword' }, categoryFilter(ClassType.Paper)],
    crud: { create: false, update: false, delete: false },
    rowActions: [previewAction, ...reviewActions<TestPaperDto>(api.testPaper.review, { flow, approveConfirmKey }), paperHistoryAction],
    ...(kind === 2 && { columns: homeworkColumns }),
  };
}

/**
 * 试卷 and 作业 (docs/architecture/questions-and-papers.md, "In the console"): one declaration for the eight routes. Each route is
 * a variant fixing kind × assembly × bank (`manual`, `university`, `random`,
 * `randomUs`, `homework`, `randomWork`) or a review queue (`moderated`,
 * `moderatedWork`). Create and edit open the assembly page
 * (`paper-assemble-page.tsx`) or the rule editor (`paper-editor.tsx`); the switches are disabled (and refused by the
 * server with a 400) until the paper is approved.
 */
export const testPaperResource = defineResource({
  name: 'testPaper',
  service: { getAll: api.testPaper.getAll, get: api.testPaper.get, delete: api.testPaper.delete },
  rowLabel: (row) => row.title,
  columns,
  filters,
  rowActions: [previewAction, editAction, ...review, paperHistoryAction],
  tenantOwned: true,
  variants: {
    manual: cellVariant({ kind: 1, isUniversity: false }, 'manual'),
    university: cellVariant({ kind: 1, isUniversity: true }, 'manual'),
    random: cellVariant({ kind: 1, isUniversity: false }, 'random'),
    randomUs: cellVariant({ kind: 1, isUniversity: true }, 'random'),
    homework: cellVariant({ kind: 2, isUniversity: false }, 'manual'),
    randomWork: cellVariant({ kind: 2, isUniversity: false }, 'random'),
    moderated: moderatedVariant(1),
    moderatedWork: moderatedVariant(2),
  },
});
