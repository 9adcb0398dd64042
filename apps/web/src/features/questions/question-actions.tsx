import { Permissions, type TestQuestionDto } from '@edu/sdk';
import { EditIcon, PlusIcon } from '@edu/ui';
import { lazyDialog, type ActionDialogProps, type RowAction, type RowDialogProps, type ToolbarAction } from '../../resources/index.ts';
import type { QuestionEditorProps } from './question-editor.tsx';

/**
 * The question list's actions whose dialogs are heavy (the editor: react-hook-form,
 * every field kind and the answer editor; the importer), declared here with
 * the list while their dialogs load when first opened (`lazyDialog`).
 */

/** The question editor (`question-editor.tsx`), loaded when it first opens. */
export const LazyQuestionEditor = lazyDialog<QuestionEditorProps>(() => import('./question-editor.tsx').then((m) => m.QuestionEditor));

const LazyImportDialog = lazyDialog<ActionDialogProps<TestQuestionDto> & { university: boolean }>(() =>
  import('../../shared/questions/import-dialog.tsx').then((m) => m.ImportDialog),
);

/** 新增 above the list: the editor, starting in the category the list is filtered by. */
export function createQuestionAction(defaults: Record<string, unknown> = {}): ToolbarAction<TestQuestionDto> {
  function CreateDialog({ open, onClose }: ActionDialogProps<TestQuestionDto>) {
    return <LazyQuestionEditor open={open} onClose={onClose} defaults={defaults} />;
  }
  return {
    key: 'create',
    labelKey: 'actions.create',
    icon: <PlusIcon />,
    permission: defaults.isUniversity === true ? Permissions.QuestionsUniversityQuestion : Permissions.QuestionsTestQuestion,
    dialog: CreateDialog,
  };
}

function EditDialog({ open, onClose, row }: RowDialogProps<TestQuestionDto>) {
  return <LazyQuestionEditor open={open} onClose={onClose} row={row} />;
}

/** 编辑 on a row. */
export const editQuestionAction: RowAction<TestQuestionDto> = {
  key: 'edit',
  labelKey: 'actions.edit',
  icon: <EditIcon />,
  inline: true,
  permission: [Permissions.QuestionsTestQuestion, Permissions.QuestionsUniversityQuestion],
  dialog: EditDialog,
};

/** 导入 above a bank list (standard or university): `ImportDialog` of `shared/questions/import-dialog.tsx`. */
export function importQuestionsAction(university: boolean): ToolbarAction<TestQuestionDto> {
  function Dialog(props: ActionDialogProps<TestQuestionDto>) {
    return <LazyImportDialog {...props} university={university} />;
  }
  return {
    key: 'import',
    labelKey: 'questions.import.action',
    permission: university ? Permissions.QuestionsUniversityQuestion : Permissions.QuestionsTestQuestion,
    dialog: Dialog,
  };
}
