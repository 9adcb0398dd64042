import type { CreateQuestionInput, TestQuestionDto } from '@edu/sdk';
import { notify, toaster, type SelectOption } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { api } from '../../lib/client.ts';
import { SchemaFormDialog, useApi, useRunCall, type FieldCtx, type FieldSpec } from '../../resources/index.ts';
import { categoryField, ClassType } from '../../shared/categories.tsx';
import { AnswerField } from './answer-editor.tsx';
import { difficultyOptions, QuestionFormSchema, typeOptions, useChaptersOf } from '../../shared/questions/question-api.ts';
import { answerDefaults, QUESTION_TYPES, toQuestionForm } from '../../shared/questions/question-form.ts';

function useChapters(_ctx: FieldCtx<TestQuestionDto>, control: Control<FieldValues>): SelectOption[] {
  const categoryId = useWatch({ control, name: 'categoryId' }) as number | null | undefined;
  return useChaptersOf(categoryId);
}

/**
 * The editor's fields: the type (chosen on create, fixed on edit: the server
 * refuses a change), difficulty, score, category and its chapter (知识点),
 * the stem, the answer part of the type (`answer-editor.tsx`) and the analysis.
 * Labels `resources.testQuestion.fields.*`.
 */
export const questionFields: readonly FieldSpec<TestQuestionDto>[] = [
  {
    name: 'questionType',
    type: 'select',
    options: typeOptions,
    required: true,
    disabled: (ctx) => ctx.mode === 'update',
    helpKey: 'questions.editor.typeHint',
  },
  { name: 'difficulty', type: 'select', options: difficultyOptions, required: true },
  categoryField<TestQuestionDto>(ClassType.Question, { required: true }),
  { name: 'chapterTypeId', type: 'select', useOptions: useChapters, dependsOn: 'categoryId', placeholderKey: 'questions.editor.noChapter' },
  { name: 'score', type: 'number', min: 0, max: 100, step: 0.5, required: true, helpKey: 'questions.editor.scoreHint' },
  { name: 'stem', type: 'richText', required: true, helpKey: 'questions.editor.stemHint' },
  { name: 'answer', type: 'custom', component: AnswerField },
  { name: 'analysis', type: 'richText' },
];

/** Values of a new question: every type's answer part starts filled, so switching the type keeps nothing stale (unused parts are not sent). */
export function newQuestionValues(defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const parts = Object.assign({}, ...QUESTION_TYPES.map((type) => answerDefaults(type))) as Record<string, unknown>;
  return {
    questionType: 1,
    difficulty: 2,
    score: 2,
    stem: '',
    analysis: '',
    categoryId: null,
    chapterTypeId: null,
    isUniversity: false,
    isShow: true,
    ...parts,
    ...defaults,
  };
}

/** The duplicate warning of a saved question (`duplicateIds`): non-blocking, the question is saved. */
export function warnDuplicates(t: TFunction, saved: { duplicateIds: readonly number[] }): void {
  if (saved.duplicateIds.length === 0) return;
  // Longer than a plain toast: the ids are to be noted down and checked.
  toaster.create({
    type: 'warning',
    title: t('questions.duplicates.title', { count: saved.duplicateIds.length }),
    description: t('questions.duplicates.ids', { ids: saved.duplicateIds.map((id) => `#${id}`).join('、') }),
    duration: 12_000,
  });
}

export interface QuestionEditorProps {
  open: boolean;
  onClose: () => void;
  /** The question to edit (loaded fresh with `Get?Id=`); none to create one. */
  row?: TestQuestionDto;
  /** Initial values of a new question (the category the list is filtered by, `isUniversity`). */
  defaults?: Record<string, unknown>;
  /** Saves a new question another way (a sister: `ImportSisterQuestion { id, question }`). */
  create?: (input: CreateQuestionInput) => Promise<TestQuestionDto>;
  title?: string;
}

/**
 * The question editor (create or edit, size xl). Server validation errors land
 * on the fields they name (`options[1].isCorrect`, `blanks[0].answers`,
 * `subQuestions[2].options`); a duplicate is a warning after saving.
 */
export function QuestionEditor({ open, onClose, row, defaults, create, title }: QuestionEditorProps) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const mode = row ? 'update' : 'create';
  const loaded = useApi(api.testQuestion.get, open && row ? { Id: row.id } : null, { fresh: true });
  const record = loaded.data;
  const defaultValues = useMemo(
    () => (row ? (record ? newQuestionValues(toQuestionForm(record)) : undefined) : newQuestionValues(defaults)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [row, record],
  );
  const entity = t('resources.testQuestion.entity');
  return (
    <SchemaFormDialog<TestQuestionDto>
      open={open}
      onClose={onClose}
      title={title ?? t(mode === 'create' ? 'actions.createTitle' : 'actions.editTitle', { name: entity })}
      schema={QuestionFormSchema}
      fields={questionFields}
      resourceName="testQuestion"
      ctx={{ mode, row, record }}
      defaultValues={defaultValues}
      size="xl"
      // A question is long to write: Escape or a stray click on × must not throw it away.
      confirmDiscard
      data-testid={`testQuestion-${mode}-dialog`}
      onSubmit={async (values) => {
        const input = QuestionFormSchema.parse(values);
        const saved = row
          ? await runCall(api.testQuestion.updateQuestion, { ...input, id: row.id }, { silent: true })
          : create
            ? await create(input)
            : await runCall(api.testQuestion.createQuestion, input, { silent: true });
        notify.success(t(mode === 'create' ? 'actions.created' : 'actions.updated'));
        warnDuplicates(t, saved);
      }}
    />
  );
}
