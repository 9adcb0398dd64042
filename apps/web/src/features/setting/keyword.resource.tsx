import { Alert, Badge, Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { CreateSystemDictionaryInput, UpdateSystemDictionaryInput, WordDictionaryType, type SystemDictionaryDto } from '@edu/sdk';
import { ModalDialog, nameById, notify, PlusIcon, type SelectOption } from '@edu/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { defineResource, useApi, useApiMutation, type ActionDialogProps } from '../../resources/index.ts';
import { parseWords } from './keyword-words.ts';

const TYPE_COLORS: Record<string, string> = { keyword: 'blue', sensitiveWord: 'red', specialCharacter: 'purple', siteSetting: 'teal' };

/** Dictionary types as the server names them (`GetDictionaryTypeList`, in the request's language). */
export function useDictionaryTypeOptions(): SelectOption[] {
  const { data } = useApi(api.systemDictionary.getDictionaryTypeList, {});
  return useMemo(() => (data ?? []).map((o) => ({ value: o.value, label: o.label })), [data]);
}

function TypeCell({ row }: { row: SystemDictionaryDto }) {
  const { data } = useApi(api.systemDictionary.getDictionaryTypeList, {});
  return (
    <Badge variant="subtle" colorPalette={TYPE_COLORS[row.dictionaryType] ?? 'gray'}>
      {nameById(data, row.dictionaryType, { idKey: 'value', nameKey: 'label' }) || row.dictionaryType}
    </Badge>
  );
}

const WORD_TYPES = new Set<string>(WordDictionaryType.options);
type WordType = (typeof WordDictionaryType.options)[number];
type Result = { createdCount: number; skippedNames: string[] };

/**
 * 批量添加: many words of one type at once (`CreateKeywordAndCharacter`); words
 * the type already has are skipped and listed afterwards.
 */
function BulkAddDialog({ open, onClose }: ActionDialogProps<SystemDictionaryDto>) {
  const { t } = useTranslation();
  const types = useDictionaryTypeOptions().filter((o) => WORD_TYPES.has(String(o.value)));
  const [type, setType] = useState<WordType>('sensitiveWord');
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const words = useMemo(() => parseWords(text), [text]);
  const tooLong = words.filter((w) => w.length > 64);
  const save = useApiMutation(api.systemDictionary.createKeywordAndCharacter, { invalidates: ['SystemDictionary'] });
  const k = (key: string, vars?: Record<string, unknown>) => t(`resources.systemDictionary.bulk.${key}`, vars);

  const submit = async () => {
    const out = await save.trigger({ dictionaryType: type, names: words }).catch(() => null);
    if (!out) return;
    setResult(out);
    notify.success(k('done', { count: out.createdCount }));
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={k('title')}
      size="md"
      data-testid="dictionary-bulk-dialog"
      footer={
        result ? (
          <Button colorPalette="brand" onClick={onClose} data-testid="bulk-close">
            {k('close')}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button
              colorPalette="brand"
              loading={save.isMutating}
              disabled={words.length === 0 || words.length > 1000 || tooLong.length > 0}
              onClick={() => void submit()}
              data-testid="bulk-submit"
            >
              {k('submit', { count: words.length })}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Stack gap="3" data-testid="bulk-result">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{k('created', { count: result.createdCount })}</Alert.Title>
          </Alert.Root>
          {result.skippedNames.length > 0 && (
            <Stack gap="2">
              <Text color="fg.muted">{k('skipped', { count: result.skippedNames.length })}</Text>
              <HStack gap="1.5" wrap="wrap" data-testid="bulk-skipped">
                {result.skippedNames.map((n) => (
                  <Badge key={n} variant="outline" colorPalette="gray">
                    {n}
                  </Badge>
                ))}
              </HStack>
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>
              {t('resources.systemDictionary.fields.dictionaryType')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={type}
                onChange={(e) => {
                  const picked = WordDictionaryType.safeParse(e.currentTarget.value);
                  if (picked.success) setType(picked.data);
                }}
                data-testid="bulk-type"
              >
                {types.map((o) => (
                  <option key={o.value} value={String(o.value)}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required invalid={tooLong.length > 0 || words.length > 1000}>
            <Field.Label>
              {k('words')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={k('placeholder')} data-testid="bulk-words" />
            {tooLong.length > 0 ? (
              <Field.ErrorText>{k('tooLong', { words: tooLong.slice(0, 3).join('、') })}</Field.ErrorText>
            ) : words.length > 1000 ? (
              <Field.ErrorText>{k('tooMany')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{k('count', { count: words.length })}</Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      )}
    </ModalDialog>
  );
}

const useTypes = () => useDictionaryTypeOptions();

/**
 * 字典管理: keywords, sensitive words (refused in content once the cache is
 * refreshed from the header), special characters and site settings. Delete
 * goes through the spec's `DELETE CreateKeywordAndCharacter?Id=`.
 */
export const keywordResource = defineResource({
  name: 'systemDictionary',
  service: { ...api.systemDictionary, delete: api.systemDictionary.deleteKeywordAndCharacter },
  tenantOwned: true,
  rowLabel: (row) => row.name,
  columns: [
    { field: 'name', sortable: true, minWidth: '140px' },
    { field: 'dictionaryType', sortable: true, cell: TypeCell },
    { field: 'value', truncate: true, width: '260px' },
    { field: 'sort', sortable: true, width: '80px' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'remark', truncate: true, width: '200px' },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'DictionaryType', type: 'select', useOptions: useTypes, formField: 'dictionaryType' },
  ],
  form: {
    create: CreateSystemDictionaryInput,
    update: UpdateSystemDictionaryInput,
    size: 'md',
    defaults: { dictionaryType: 'keyword', sort: 0, isActive: true },
    fields: [
      { name: 'dictionaryType', type: 'select', useOptions: useTypes, emptyValue: undefined, span: 2 },
      { name: 'name', type: 'text', span: 2 },
      { name: 'value', type: 'textarea', rows: 2, helpKey: 'resources.systemDictionary.hints.value' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'isActive', type: 'switch' },
      { name: 'remark', type: 'textarea', rows: 2 },
    ],
  },
  actions: [
    {
      key: 'bulkAdd',
      labelKey: 'resources.systemDictionary.actions.bulkAdd',
      icon: <PlusIcon />,
      permission: api.systemDictionary.createKeywordAndCharacter.endpoint.access,
      dialog: BulkAddDialog,
    },
  ],
});
