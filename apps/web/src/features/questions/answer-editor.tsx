import { Box, Button, Checkbox, Flex, IconButton, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { countStemBlanks, MAX_QUESTION_BLANKS, MAX_QUESTION_OPTIONS, MAX_SUB_QUESTIONS, QuestionType } from '@edu/sdk';
import { FieldShell, NumberField, PlusIcon, SelectField, SortableList, TextareaField, TextField, TrashIcon } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { translateOptions, type CustomFieldProps } from '../../resources/index.ts';
import { typeOptions } from '../../shared/questions/question-api.ts';
import {
  answerKind,
  newSubQuestion,
  optionLabel,
  SUB_QUESTION_TYPES,
  syncBlankRows,
  type OptionValue,
} from '../../shared/questions/question-form.ts';

/**
 * The answer part of the question editor, by type: the options (drag to
 * reorder, A–J by position, correct-answer marks as radio buttons for single
 * choice and checkboxes for multiple and indefinite choice), the true/false
 * answer, the blanks with their accepted alternatives (one row per blank the
 * stem marks, kept in step as the stem is typed), the reference answer, and a
 * material question's sub-questions (each a small editor of any other type).
 * Every input is named by its full path (`subQuestions.1.options.2.content`),
 * so the server's `validationErrors` (`subQuestions[1].options[2].content`)
 * land on it.
 */

/** The error message at a dotted path of react-hook-form's error tree (a list's own error sits on the list). */
function messageAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const seg of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, seg);
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message: unknown = Reflect.get(node, 'message');
  if (typeof message === 'string') return message;
  // A field array's own error (`options` as a whole) is kept under `root`.
  const root: unknown = Reflect.get(node, 'root');
  return typeof root === 'object' && root !== null && typeof Reflect.get(root, 'message') === 'string'
    ? String(Reflect.get(root, 'message'))
    : undefined;
}

function ListError({ control, name }: { control: Control<FieldValues>; name: string }) {
  const { errors } = useFormState({ control, name });
  const message = messageAt(errors, name);
  if (!message) return null;
  return (
    <Text color="fg.error" fontSize="sm" data-testid={`error-${name}`} role="alert">
      {message}
    </Text>
  );
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

type MarkSetter = (checked: boolean) => void;

/** One option row's correct-answer mark: a radio (single choice) or a checkbox, bound to `isCorrect`. */
function CorrectMark({
  control,
  name,
  fieldKey,
  label,
  single,
  register,
}: {
  control: Control<FieldValues>;
  name: string;
  fieldKey: string;
  label: string;
  single: boolean;
  register: (key: string, set: MarkSetter | null) => void;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  const { onChange } = field;
  useEffect(() => {
    register(fieldKey, (checked) => onChange(checked));
    return () => register(fieldKey, null);
  }, [register, fieldKey, onChange]);
  const text = t('questions.editor.correct');
  if (single)
    return (
      <RadioGroup.Item value={fieldKey} data-testid="option-correct">
        <RadioGroup.ItemHiddenInput aria-label={t('questions.editor.correctOf', { label })} />
        <RadioGroup.ItemIndicator />
        <RadioGroup.ItemText fontSize="sm">{text}</RadioGroup.ItemText>
      </RadioGroup.Item>
    );
  return (
    <Checkbox.Root checked={!!field.value} onCheckedChange={(e) => onChange(!!e.checked)} size="sm" data-testid="option-correct">
      <Checkbox.HiddenInput aria-label={t('questions.editor.correctOf', { label })} />
      <Checkbox.Control />
      <Checkbox.Label>{text}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The ordered options of a choice question (`<prefix>options`). */
export function OptionsEditor({ control, prefix, type }: { control: Control<FieldValues>; prefix: string; type: QuestionType }) {
  const { t } = useTranslation();
  const name = `${prefix}options`;
  // react-hook-form's own key must not take an existing option's `id`.
  const { fields, append, remove, move } = useFieldArray({ control, name, keyName: 'fieldKey' });
  const values = (useWatch({ control, name }) as OptionValue[] | undefined) ?? [];
  const setters = useRef(new Map<string, MarkSetter>());
  const register = useRef((key: string, set: MarkSetter | null) => {
    if (set) setters.current.set(key, set);
    else setters.current.delete(key);
  }).current;
  const single = type === QuestionType.values.SingleChoice;
  const correctKey = fields.find((_, i) => values[i]?.isCorrect)?.fieldKey ?? '';
  // Radio semantics: marking one option unmarks the others.
  const pick = (key: string) => {
    for (const f of fields) setters.current.get(f.fieldKey)?.(f.fieldKey === key);
  };
  const full = fields.length >= MAX_QUESTION_OPTIONS;
  const itemLabel = (i: number) => t('questions.editor.optionOf', { label: optionLabel(i) });
  const list = (
    <SortableList
      items={fields.map((f) => ({ id: f.fieldKey }))}
      onMove={move}
      texts={sortableTexts(t, itemLabel)}
      renderItem={(item, index, handle) => (
        <Flex gap="2" align="flex-start" mb="2" data-testid="option-row">
          <Box pt="2">{handle}</Box>
          <Text pt="2" w="5" fontWeight="bold" color="brand.fg" data-testid="option-label" aria-hidden="true">
            {optionLabel(index)}
          </Text>
          <Box flex="1" minW="0">
            <TextField control={control} name={`${name}.${index}.content`} placeholder={itemLabel(index)} />
          </Box>
          <Box pt="2" minW="20">
            <CorrectMark
              control={control}
              name={`${name}.${index}.isCorrect`}
              fieldKey={item.id}
              label={optionLabel(index)}
              single={single}
              register={register}
            />
            <MarkError control={control} name={`${name}.${index}.isCorrect`} />
          </Box>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={t('form.list.remove', { item: itemLabel(index) })}
            onClick={() => remove(index)}
            data-testid="option-remove"
          >
            <TrashIcon />
          </IconButton>
        </Flex>
      )}
    />
  );
  return (
    <Stack gap="2" data-testid={`options-${name}`} data-field={name}>
      <Flex align="center" justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {t('questions.editor.options')} *
          <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
            {t(
              single
                ? 'questions.editor.singleHint'
                : type === QuestionType.values.IndefiniteChoice
                  ? 'questions.editor.indefiniteHint'
                  : 'questions.editor.multipleHint',
            )}
          </Text>
        </Text>
        <Button size="xs" variant="outline" disabled={full} onClick={() => append({ content: '', isCorrect: false })} data-testid="option-add">
          <PlusIcon />
          {t('questions.editor.addOption')}
        </Button>
      </Flex>
      {single ? (
        <RadioGroup.Root
          size="sm"
          value={correctKey}
          onValueChange={(e) => e.value && pick(e.value)}
          aria-label={t('questions.editor.correctAnswer')}
        >
          {list}
        </RadioGroup.Root>
      ) : (
        list
      )}
      <ListError control={control} name={name} />
    </Stack>
  );
}

function MarkError({ control, name }: { control: Control<FieldValues>; name: string }) {
  const { errors } = useFormState({ control, name });
  const message = messageAt(errors, name);
  return message ? (
    <Text color="fg.error" fontSize="xs" data-testid={`error-${name}`}>
      {message}
    </Text>
  ) : null;
}

/** 正确 / 错误 (`<prefix>trueFalseAnswer`). */
export function TrueFalseEditor({ control, prefix }: { control: Control<FieldValues>; prefix: string }) {
  const { t } = useTranslation();
  const name = `${prefix}trueFalseAnswer`;
  const { field, fieldState } = useController({ control, name });
  const value = field.value === true ? 'true' : field.value === false ? 'false' : '';
  return (
    <FieldShell name={name} label={t('questions.editor.trueFalseAnswer')} required error={fieldState.error?.message}>
      <RadioGroup.Root value={value} onValueChange={(e) => field.onChange(e.value === 'true')} size="sm" data-testid={`truefalse-${name}`}>
        <Flex gap="6">
          {(['true', 'false'] as const).map((v) => (
            <RadioGroup.Item key={v} value={v}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`questions.trueFalse.${v}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </FieldShell>
  );
}

/** One blank's accepted answers (`<name>` is `…blanks.<i>.answers`, a list of strings). */
function BlankAnswers({ control, name, index }: { control: Control<FieldValues>; name: string; index: number }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const answers = Array.isArray(field.value) ? field.value.map((a) => (typeof a === 'string' ? a : '')) : [];
  const set = (next: string[]) => field.onChange(next);
  return (
    <FieldShell name={name} label={t('questions.editor.blankOf', { n: index + 1 })} required error={fieldState.error?.message}>
      <Flex gap="2" wrap="wrap" align="center" data-testid="blank-answers">
        {answers.map((a, i) => (
          <Flex key={i} align="center" gap="1">
            <Input
              size="sm"
              width="36"
              value={a}
              aria-label={t(i === 0 ? 'questions.editor.canonicalAnswer' : 'questions.editor.alternativeOf', { blank: index + 1, n: i })}
              placeholder={t(i === 0 ? 'questions.editor.canonicalAnswerShort' : 'questions.editor.alternativeShort')}
              onChange={(e) => set(answers.map((x, j) => (j === i ? e.target.value : x)))}
              onBlur={field.onBlur}
              data-testid="blank-answer"
            />
            {answers.length > 1 && (
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={t('questions.editor.removeAlternative', { answer: a || i + 1 })}
                onClick={() => set(answers.filter((_, j) => j !== i))}
              >
                <TrashIcon />
              </IconButton>
            )}
          </Flex>
        ))}
        <Button size="xs" variant="ghost" disabled={answers.length >= 10} onClick={() => set([...answers, ''])} data-testid="blank-add-alternative">
          <PlusIcon />
          {t('questions.editor.addAlternative')}
        </Button>
      </Flex>
    </FieldShell>
  );
}

type BlankValue = { answers: string[] };
const emptyBlank = (): BlankValue => ({ answers: [''] });

/**
 * The blanks of a fill-in-the-blank question (`<prefix>blanks`), in stem
 * order: one row per blank the stem marks (SDK `countStemBlanks`), added and
 * dropped (when empty) as the stem's blank count changes; a count that still
 * differs is said on the field, and the form refuses it (`QuestionFormSchema`).
 */
export function BlanksEditor({ control, prefix }: { control: Control<FieldValues>; prefix: string }) {
  const { t } = useTranslation();
  const name = `${prefix}blanks`;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'fieldKey' });
  const stem = useWatch({ control, name: `${prefix}stem` }) as unknown;
  const blanks = useWatch({ control, name }) as BlankValue[] | undefined;
  const marked = typeof stem === 'string' ? countStemBlanks(stem) : 0;
  // Rows follow the stem when its blank count changes (a row added by hand stays until then).
  const synced = useRef<number | null>(null);
  useEffect(() => {
    if (!blanks || synced.current === marked) return;
    synced.current = marked;
    const next = syncBlankRows(blanks, Math.min(marked, MAX_QUESTION_BLANKS), emptyBlank);
    if (next === blanks) return;
    if (next.length > blanks.length) append(next.slice(blanks.length), { shouldFocus: false });
    else remove(Array.from({ length: blanks.length - next.length }, (_v, k) => next.length + k));
  }, [blanks, marked, append, remove]);
  const { errors } = useFormState({ control, name });
  const typed = typeof stem === 'string' && stem.replace(/<[^>]*>/g, '').trim() !== '';
  const mismatch = typed && marked !== fields.length && !messageAt(errors, name);
  return (
    <Stack gap="2" data-testid={`blanks-${name}`} data-field={name}>
      <Flex align="center" justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {t('questions.editor.blanks')} *
          <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
            {t('questions.editor.blanksHint')}
          </Text>
        </Text>
        <Text fontSize="xs" color="fg.muted" data-testid={`blank-count-${name}`}>
          {t('questions.editor.blankCount', { count: marked })}
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={fields.length >= MAX_QUESTION_BLANKS}
          onClick={() => append(emptyBlank())}
          data-testid="blank-add"
        >
          <PlusIcon />
          {t('questions.editor.addBlank')}
        </Button>
      </Flex>
      {fields.map((f, i) => (
        <Flex key={f.fieldKey} gap="2" align="flex-start" borderWidth="1px" borderRadius="md" p="2" data-testid="blank-row">
          <Box flex="1">
            <BlankAnswers control={control} name={`${name}.${i}.answers`} index={i} />
          </Box>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={t('form.list.remove', { item: t('questions.editor.blankOf', { n: i + 1 }) })}
            onClick={() => remove(i)}
          >
            <TrashIcon />
          </IconButton>
        </Flex>
      ))}
      <ListError control={control} name={name} />
      {mismatch && (
        <Text color="fg.error" fontSize="sm" data-testid={`mismatch-${name}`} role="status">
          {t('questions.editor.blankCountMismatch', { expected: marked, given: fields.length })}
        </Text>
      )}
    </Stack>
  );
}

/** The answer of one type at a prefix (`''` for the question, `subQuestions.2.` for a sub-question). */
export function AnswerFields({ control, prefix, type }: { control: Control<FieldValues>; prefix: string; type: QuestionType }) {
  const { t } = useTranslation();
  switch (answerKind(type)) {
    case 'options':
      return <OptionsEditor control={control} prefix={prefix} type={type} />;
    case 'trueFalse':
      return <TrueFalseEditor control={control} prefix={prefix} />;
    case 'blanks':
      return <BlanksEditor control={control} prefix={prefix} />;
    case 'reference':
      return <TextareaField control={control} name={`${prefix}referenceAnswer`} label={t('questions.editor.referenceAnswer')} required rows={4} />;
    case 'material':
      return prefix === '' ? <SubQuestionsEditor control={control} /> : null;
  }
}

/** One sub-question of a material question. */
function SubQuestionEditor({ control, index }: { control: Control<FieldValues>; index: number }) {
  const { t } = useTranslation();
  const prefix = `subQuestions.${index}.`;
  const type = useWatch({ control, name: `${prefix}questionType` }) as QuestionType | null | undefined;
  const types = translateOptions(
    t,
    typeOptions.filter((o) => SUB_QUESTION_TYPES.some((s) => s === o.value)),
  );
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField control={control} name={`${prefix}questionType`} label={t('questions.fields.questionType')} options={types} required noEmpty />
        <NumberField control={control} name={`${prefix}score`} label={t('questions.fields.score')} min={0} max={100} step={0.5} required />
      </SimpleGrid>
      <TextareaField control={control} name={`${prefix}stem`} label={t('questions.fields.stem')} required rows={2} />
      {type && <AnswerFields control={control} prefix={prefix} type={type} />}
      <TextareaField control={control} name={`${prefix}analysis`} label={t('questions.fields.analysis')} rows={2} />
    </Stack>
  );
}

/** A material question's sub-questions (`subQuestions`): each with its own type, stem, answer and score. */
export function SubQuestionsEditor({ control }: { control: Control<FieldValues> }) {
  const { t } = useTranslation();
  const name = 'subQuestions';
  const { fields, append, remove, move } = useFieldArray({ control, name, keyName: 'fieldKey' });
  const itemLabel = (i: number) => t('questions.editor.subQuestionOf', { n: i + 1 });
  return (
    <Stack gap="2" data-testid="sub-questions" data-field={name}>
      <Flex align="center" justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {t('questions.editor.subQuestions')} *
          <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
            {t('questions.editor.subQuestionsHint')}
          </Text>
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={fields.length >= MAX_SUB_QUESTIONS}
          onClick={() => append(newSubQuestion(QuestionType.values.SingleChoice))}
          data-testid="sub-question-add"
        >
          <PlusIcon />
          {t('questions.editor.addSubQuestion')}
        </Button>
      </Flex>
      <SortableList
        items={fields.map((f) => ({ id: f.fieldKey }))}
        onMove={move}
        texts={sortableTexts(t, itemLabel)}
        renderItem={(_item, index, handle) => (
          <Box borderWidth="1px" borderRadius="md" p="3" mb="2" bg="bg.subtle" data-testid="sub-question">
            <Flex align="center" gap="2" mb="2">
              {handle}
              <Text fontSize="sm" fontWeight="medium" flex="1">
                {itemLabel(index)}
              </Text>
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('form.list.remove', { item: itemLabel(index) })}
                onClick={() => remove(index)}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
            <SubQuestionEditor control={control} index={index} />
          </Box>
        )}
      />
      <ListError control={control} name={name} />
    </Stack>
  );
}

/** The editor's `answer` field (a custom field): the answer part of the type chosen in the form. */
export function AnswerField({ control }: CustomFieldProps<unknown>) {
  const type = useWatch({ control, name: 'questionType' }) as QuestionType | null | undefined;
  if (!type) return null;
  return <AnswerFields control={control} prefix="" type={type} />;
}
