import { Badge, Box, Button, Flex, IconButton, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MAX_QUESTIONNAIRE_OPTIONS, MAX_QUESTIONNAIRE_QUESTIONS, QuestionnaireQuestionType, type QuestionnaireDto } from '@edu/sdk';
import { FieldShell, NumberField, PlusIcon, SortableList, SwitchField, TextField, TrashIcon } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useController, useFieldArray, useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { CustomFieldProps } from '../../../resources/index.ts';

/**
 * The questionnaire's questions (the `questions` member of
 * createQuestionnaireInput): an ordered list of questions, each with its
 * ordered options when it is a choice question, both reordered by dragging the
 * handle or with the keyboard (dnd-kit through the ui's SortableList). Inputs
 * are named by their full path (`questions.1.options.2.content`), so both the
 * form's zod issues and the server's `validationErrors`
 * (`questions[1].options[2].content`) land on them.
 */

const SINGLE = QuestionnaireQuestionType.values.SingleChoice;
const MULTIPLE = QuestionnaireQuestionType.values.MultipleChoice;
const TEXT = QuestionnaireQuestionType.values.Text;

/** A new question: single choice with two empty options. */
export const newQuestion = () => ({
  title: '',
  questionType: SINGLE,
  isRequired: true,
  minSelections: null,
  maxSelections: null,
  options: [{ content: '' }, { content: '' }],
});

/** The error message at a dotted path of react-hook-form's error tree (a list's own error sits on it or its `root`). */
function messageAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const seg of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, seg);
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message: unknown = Reflect.get(node, 'message');
  if (typeof message === 'string') return message;
  const root: unknown = Reflect.get(node, 'root');
  const rootMessage: unknown = typeof root === 'object' && root !== null ? Reflect.get(root, 'message') : undefined;
  return typeof rootMessage === 'string' ? rootMessage : undefined;
}

function ListError({ control, name }: { control: Control<FieldValues>; name: string }) {
  const { errors } = useFormState({ control, name });
  const message = messageAt(errors, name);
  return message ? (
    <Text color="fg.error" fontSize="sm" role="alert" data-testid={`error-${name}`}>
      {message}
    </Text>
  ) : null;
}

function sortableTexts(t: TFunction, itemLabel: (i: number) => string) {
  return {
    handle: (i: number) => t('form.list.handle', { item: itemLabel(i) }),
    instructions: t('form.list.instructions'),
    picked: (p: number) => t('form.list.picked', { p }),
    moved: (from: number, to: number) => t('form.list.moved', { from, to }),
    dropped: (from: number, to: number) => t('form.list.dropped', { from, to }),
    cancelled: (p: number) => t('form.list.cancelled', { p }),
  };
}

const optionLetter = (i: number) => String.fromCharCode(65 + i);

/** The ordered options of the question at `prefix` (`questions.1.`). */
function OptionsEditor({ control, prefix, question, locked }: { control: Control<FieldValues>; prefix: string; question: number; locked: boolean }) {
  const { t } = useTranslation();
  const name = `${prefix}options`;
  // react-hook-form's own key must not take an existing option's `id`.
  const { fields, append, remove, move } = useFieldArray({ control, name, keyName: 'fieldKey' });
  const itemLabel = (i: number) => t('questionnaire.editor.optionOf', { n: question + 1, label: optionLetter(i) });
  return (
    <Stack gap="1" data-testid="questionnaire-options" data-field={name}>
      <SortableList
        items={fields.map((f) => ({ id: f.fieldKey }))}
        onMove={move}
        texts={sortableTexts(t, itemLabel)}
        renderItem={(_item, index, handle) => (
          <Flex gap="2" align="flex-start" mb="1.5" data-testid="questionnaire-option">
            <Box pt="2">{handle}</Box>
            <Text pt="2" w="5" fontWeight="bold" color="brand.fg" aria-hidden="true">
              {optionLetter(index)}
            </Text>
            <Box flex="1" minW="0">
              <TextField control={control} name={`${name}.${index}.content`} placeholder={itemLabel(index)} />
            </Box>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              disabled={locked}
              aria-label={t('form.list.remove', { item: itemLabel(index) })}
              onClick={() => remove(index)}
              data-testid="questionnaire-option-remove"
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        )}
      />
      <Box>
        <Button
          size="xs"
          variant="outline"
          disabled={locked || fields.length >= MAX_QUESTIONNAIRE_OPTIONS}
          onClick={() => append({ content: '' })}
          data-testid="questionnaire-option-add"
        >
          <PlusIcon />
          {t('questionnaire.editor.addOption')}
        </Button>
      </Box>
      <ListError control={control} name={name} />
    </Stack>
  );
}

type QuestionValue = Record<string, unknown> & { questionType?: number; options?: unknown[] };

/**
 * The question's type. Changing it rewrites the question in one step (the
 * parent's `update`): a text question gets no options and no limits, a choice
 * question made from a text one two empty options; hidden inputs never hold
 * values that would block saving.
 */
function TypeSelect({
  control,
  name,
  disabled,
  onChange,
}: {
  control: Control<FieldValues>;
  name: string;
  disabled: boolean;
  onChange: (type: number) => void;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : SINGLE;
  return (
    <FieldShell name={name} label={t('questionnaire.editor.type')} required disabled={disabled} error={fieldState.error?.message}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field name={name} value={String(value)} onChange={(e) => onChange(Number(e.currentTarget.value))} onBlur={field.onBlur}>
          {[SINGLE, MULTIPLE, TEXT].map((v) => (
            <option key={v} value={String(v)}>
              {t(`questionnaire.questionTypes.${v}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

/** One question: text, type, required, limits (multiple choice) and options (choice questions). */
function QuestionEditor({
  control,
  index,
  locked,
  handle,
  onRemove,
  onTypeChange,
}: {
  control: Control<FieldValues>;
  index: number;
  locked: boolean;
  handle: ReactNode;
  onRemove: () => void;
  onTypeChange: (type: number) => void;
}) {
  const { t } = useTranslation();
  const prefix = `questions.${index}.`;
  const type = useWatch({ control, name: `${prefix}questionType` }) as number | undefined;
  const label = t('questionnaire.editor.questionOf', { n: index + 1 });
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" mb="3" bg="bg" data-testid="questionnaire-question">
      <Flex align="center" gap="2" mb="2">
        {handle}
        <Text fontSize="sm" fontWeight="semibold" flex="1">
          {label}
        </Text>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          disabled={locked}
          aria-label={t('form.list.remove', { item: label })}
          onClick={onRemove}
          data-testid="questionnaire-question-remove"
        >
          <TrashIcon />
        </IconButton>
      </Flex>
      <Stack gap="3">
        <TextField control={control} name={`${prefix}title`} label={t('questionnaire.editor.title')} required />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TypeSelect control={control} name={`${prefix}questionType`} disabled={locked} onChange={onTypeChange} />
          <SwitchField control={control} name={`${prefix}isRequired`} label={t('questionnaire.editor.required')} />
        </SimpleGrid>
        {type === MULTIPLE && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <NumberField
              control={control}
              name={`${prefix}minSelections`}
              label={t('questionnaire.editor.minSelections')}
              min={1}
              max={MAX_QUESTIONNAIRE_OPTIONS}
            />
            <NumberField
              control={control}
              name={`${prefix}maxSelections`}
              label={t('questionnaire.editor.maxSelections')}
              min={1}
              max={MAX_QUESTIONNAIRE_OPTIONS}
            />
          </SimpleGrid>
        )}
        {type !== TEXT && <OptionsEditor control={control} prefix={prefix} question={index} locked={locked} />}
      </Stack>
    </Box>
  );
}

/** The question with another type: options and limits as that type takes them. */
export function withType(question: QuestionValue, type: number): QuestionValue {
  const options = type === TEXT ? [] : question.options?.length ? question.options : [{ content: '' }, { content: '' }];
  return { ...question, questionType: type, options, minSelections: null, maxSelections: null };
}

/** The `questions` field of the questionnaire form (a `custom` field). */
export function QuestionsField({ control, name, label, record }: CustomFieldProps<unknown>) {
  const { t } = useTranslation();
  const { fields, append, remove, move, update } = useFieldArray({ control, name, keyName: 'fieldKey' });
  const responses = isQuestionnaire(record) ? record.responseCount : 0;
  // With answers collected the server refuses structural changes: the editor offers only what it accepts.
  const locked = responses > 0;
  const values = (useWatch({ control, name }) as QuestionValue[] | undefined) ?? [];
  const itemLabel = (i: number) => t('questionnaire.editor.questionOf', { n: i + 1 });
  return (
    <Stack gap="2" data-field={name} data-testid="questionnaire-questions">
      <Flex align="center" justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {label} *
          <Badge ms="2" size="sm" variant="subtle">
            {t('questionnaire.editor.count', { count: fields.length })}
          </Badge>
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={locked || fields.length >= MAX_QUESTIONNAIRE_QUESTIONS}
          onClick={() => append(newQuestion())}
          data-testid="questionnaire-question-add"
        >
          <PlusIcon />
          {t('questionnaire.editor.addQuestion')}
        </Button>
      </Flex>
      {locked && (
        <Text fontSize="sm" color="orange.700" data-testid="questionnaire-locked">
          {t('questionnaire.editor.locked', { count: responses })}
        </Text>
      )}
      <SortableList
        items={fields.map((f) => ({ id: f.fieldKey }))}
        onMove={move}
        texts={sortableTexts(t, itemLabel)}
        renderItem={(_item, index, handle) => (
          <QuestionEditor
            control={control}
            index={index}
            locked={locked}
            handle={handle}
            onRemove={() => remove(index)}
            onTypeChange={(type) => update(index, withType(values[index] ?? {}, type))}
          />
        )}
      />
      {fields.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          {t('questionnaire.editor.empty')}
        </Text>
      )}
      <ListError control={control} name={name} />
    </Stack>
  );
}

function isQuestionnaire(record: unknown): record is QuestionnaireDto {
  return typeof record === 'object' && record !== null && 'responseCount' in record && typeof record.responseCount === 'number';
}
