import { Box, Button, Flex, GridItem, IconButton, Image, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  CascaderField,
  DateField,
  DateTimeField,
  FieldShell,
  MultiSelectField,
  NumberField,
  PlusIcon,
  SortableList,
  TrashIcon,
  PasswordField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
  toDay,
  TreeSelectField,
  type SelectOption,
  type TreeOption,
} from '@edu/ui';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ImageUploadButton } from './file-actions.tsx';
import { resourceLabels, translateOptions } from './i18n.tsx';
import type { FieldCtx, FieldSpec } from './types.ts';
import { elementOf, isRequired, schemaDefaults, shapeOf } from './validation.ts';

const useNoOptions = (): SelectOption[] => [];
const useNoTree = (): readonly TreeOption[] => [];

// The editor (Tiptap + ProseMirror, ~100 kB gzip) loads with the first form that has rich text.
const RichTextEditor = lazy(() => import('./rich-text/editor.tsx'));

interface ShellProps {
  control: Control<FieldValues>;
  name: string;
  label: string;
  required: boolean;
  disabled: boolean;
  helperText?: string;
  placeholder?: string;
}

/** A rich-text field: label and error as every field, the editor inside (loaded on first use). */
function RichTextField(props: ShellProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FieldShell {...props} error={fieldState.error?.message}>
      <Suspense
        fallback={
          <Box width="full" borderWidth="1px" borderRadius="md" p="3" role="status" aria-label={t('content.editor.loading')}>
            <Skeleton height="6" mb="3" />
            <Flex justify="center" py="16">
              <Spinner color="brand.solid" />
            </Flex>
          </Box>
        }
      >
        <RichTextEditor
          name={props.name}
          label={props.label}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={props.placeholder ?? t('content.editor.placeholder')}
          disabled={props.disabled}
          invalid={!!fieldState.error}
        />
      </Suspense>
    </FieldShell>
  );
}

/** A URL text box with a thumbnail of the image it points to. */
function ImageUrlField(props: ShellProps) {
  const url = useWatch({ control: props.control, name: props.name }) as string | null | undefined;
  // An uploaded image (File/UploadImage) fills the field with its public URL.
  const { field } = useController({ control: props.control, name: props.name });
  // The URL whose image failed to load: a new URL gets a new try.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const shown = !!url && /^(https?:\/\/|\/)\S+$/.test(url) && brokenUrl !== url;
  return (
    <Flex gap="3" align="flex-end">
      <Box flex="1" minW="0">
        <TextField {...props} type="url" autoComplete="off" />
      </Box>
      <ImageUploadButton onUploaded={(uploaded) => field.onChange(uploaded)} disabled={props.disabled} />
      {shown && (
        <Image
          src={url}
          alt=""
          boxSize="10"
          objectFit="cover"
          borderRadius="sm"
          borderWidth="1px"
          flexShrink={0}
          onError={() => setBrokenUrl(url)}
          data-testid={`preview-${props.name}`}
        />
      )}
    </Flex>
  );
}

/** Clears a field when the field it depends on changes (not on the first render): a chapter follows its category. */
function ClearOnChange({ control, name, dependsOn }: { control: Control<FieldValues>; name: string; dependsOn: string }) {
  const watched: unknown = useWatch({ control, name: dependsOn });
  const { field } = useController({ control, name });
  const previous = useRef<unknown>(watched);
  useEffect(() => {
    if (Object.is(previous.current, watched)) return;
    previous.current = watched;
    field.onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched]);
  return null;
}

interface FieldProps<R> {
  spec: FieldSpec<R, string>;
  control: Control<FieldValues>;
  resourceName: string;
  schema: z.ZodType;
  ctx: FieldCtx<R>;
}

/** One declared field, as the matching ui component. */
function FormField<R>({ spec, control, resourceName, schema, ctx }: FieldProps<R>) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, resourceName);
  // Stable per field: the spec does not change while the form is open.
  const useOpts = spec.useOptions ?? useNoOptions;
  const remote = useOpts(ctx, control);
  const useTree = spec.useTreeOptions ?? useNoTree;
  const tree = useTree(ctx, control);

  const staticOptions = useMemo(() => translateOptions(t, spec.options), [t, spec.options]);
  const options = spec.useOptions ? remote : staticOptions;

  const common = {
    control,
    name: spec.name,
    label: labels.field(spec.name, spec.labelKey),
    required: spec.required ?? isRequired(schema, spec.name),
    disabled: spec.disabled?.(ctx) ?? false,
    helperText: spec.helpKey ? t(spec.helpKey) : undefined,
    placeholder: spec.placeholderKey ? t(spec.placeholderKey) : undefined,
  };

  switch (spec.type) {
    case 'text':
    case 'email':
    case 'tel':
      return <TextField {...common} type={spec.type} autoComplete="off" />;
    case 'password':
      return <PasswordField {...common} />;
    case 'number':
      return <NumberField {...common} min={spec.min} max={spec.max} step={spec.step} />;
    case 'switch':
      return <SwitchField {...common} />;
    case 'textarea':
      return <TextareaField {...common} rows={spec.rows} />;
    case 'select':
      return <SelectField {...common} options={options} {...('emptyValue' in spec ? { emptyValue: spec.emptyValue } : {})} />;
    case 'multiselect':
      return <MultiSelectField {...common} options={options} />;
    case 'url':
      return <TextField {...common} type="url" autoComplete="off" />;
    case 'image':
      return <ImageUrlField {...common} />;
    case 'date':
      return <DateField {...common} />;
    case 'datetime':
      return <DateTimeField {...common} />;
    case 'richText':
      return <RichTextField {...common} />;
    case 'cascader':
      return (
        <CascaderField
          {...common}
          options={spec.useTreeOptions ? tree : (spec.treeOptions ?? [])}
          valueMode={spec.valueMode}
          changeOnSelect={!spec.leafOnly}
        />
      );
    case 'treeselect':
      return (
        <TreeSelectField
          {...common}
          options={spec.useTreeOptions ? tree : (spec.treeOptions ?? [])}
          valueMode={spec.valueMode}
          leafOnly={spec.leafOnly}
        />
      );
    case 'list':
      return (
        <ListField
          spec={spec}
          control={control}
          resourceName={resourceName}
          schema={schema}
          ctx={ctx}
          label={common.label}
          required={common.required}
        />
      );
    case 'custom': {
      const C = spec.component;
      if (!C) return null;
      return <C {...ctx} control={control} name={spec.name} label={common.label} required={common.required} disabled={common.disabled} />;
    }
  }
}

function spanOf<R>(spec: FieldSpec<R, string>, mode: FieldCtx<R>['mode']): 1 | 2 {
  if (typeof spec.span === 'function') return spec.span(mode);
  return spec.span ?? (spec.type === 'textarea' || spec.type === 'custom' || spec.type === 'richText' || spec.type === 'list' ? 2 : 1);
}

/**
 * A `list` field: an ordered list of sub-forms over react-hook-form's field
 * array. Items are added at the end, removed, and reordered by dragging their
 * handle or with the keyboard (dnd-kit); every sub-field shows its own error
 * (`lessons.2.title`), and an error of the list itself (too many items) shows
 * under it.
 */
function ListField<R>({ spec, control, resourceName, schema, ctx, label, required }: FieldProps<R> & { label: string; required: boolean }) {
  const { t } = useTranslation();
  // react-hook-form's own key must not take the items' `id` (an existing child's id travels with it).
  const { fields, append, remove, move } = useFieldArray({ control, name: spec.name, keyName: 'fieldKey' });
  const { errors } = useFormState({ control, name: spec.name });
  const listError = errors[spec.name];
  const listMessage = listError && !Array.isArray(listError) && typeof listError.message === 'string' ? listError.message : undefined;
  const itemSchema = elementOf(shapeOf(schema)[spec.name]);
  const subFields: readonly FieldSpec<R, string>[] = spec.item?.fields ?? [];
  const items = fields.map((f) => ({ id: f.fieldKey }));
  const full = spec.maxItems !== undefined && fields.length >= spec.maxItems;
  const base = `resources.${resourceName}.${spec.name}`;
  const itemLabel = (index: number) => t(`${base}.item`, { n: index + 1, defaultValue: t('form.list.item', { n: index + 1 }) });
  return (
    <Stack gap="2" data-field={spec.name} data-testid={`list-${spec.name}`}>
      <Flex align="center" justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {label}
          {required && ' *'}
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={full}
          onClick={() => append(itemSchema ? schemaDefaults(itemSchema, spec.item?.defaults) : { ...spec.item?.defaults })}
          data-testid={`list-add-${spec.name}`}
        >
          <PlusIcon />
          {t(`${base}.add`, { defaultValue: t('form.list.add') })}
        </Button>
      </Flex>
      {fields.length === 0 && (
        <Text color="fg.subtle" fontSize="sm" data-testid={`list-empty-${spec.name}`}>
          {t(`${base}.empty`, { defaultValue: t('form.list.empty') })}
        </Text>
      )}
      <SortableList
        items={items}
        onMove={move}
        texts={{
          handle: (i) => t('form.list.handle', { item: itemLabel(i) }),
          instructions: t('form.list.instructions'),
          picked: (p) => t('form.list.picked', { p }),
          moved: (from, to) => t('form.list.moved', { from, to }),
          dropped: (from, to) => t('form.list.dropped', { from, to }),
          cancelled: (p) => t('form.list.cancelled', { p }),
        }}
        renderItem={(_item, index, handle) => (
          <Box borderWidth="1px" borderRadius="md" p="3" mb="2" bg="bg" data-testid={`list-item-${spec.name}`}>
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
                data-testid={`list-remove-${spec.name}`}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
            <SimpleGrid columns={{ base: 1, md: 2 }} gapX="4" gapY="3">
              {subFields.map((sub) => (
                <GridItem key={sub.name} colSpan={{ base: 1, md: spanOf(sub, ctx.mode) }}>
                  <FormField
                    spec={{
                      ...sub,
                      name: `${spec.name}.${index}.${sub.name}`,
                      labelKey: sub.labelKey ?? `${base}.fields.${sub.name}`,
                      required: sub.required ?? isRequired(itemSchema, sub.name),
                    }}
                    control={control}
                    resourceName={resourceName}
                    schema={schema}
                    ctx={ctx}
                  />
                </GridItem>
              ))}
            </SimpleGrid>
          </Box>
        )}
      />
      {listMessage && (
        <Text color="fg.error" fontSize="sm" data-testid={`list-error-${spec.name}`}>
          {listMessage}
        </Text>
      )}
    </Stack>
  );
}

export interface FormFieldsProps<R> {
  fields: readonly FieldSpec<R, string>[];
  control: Control<FieldValues>;
  resourceName: string;
  schema: z.ZodType;
  ctx: FieldCtx<R>;
}

/** The declared fields of a form for a mode, in a two-column grid (one column on narrow screens). */
export function FormFields<R>({ fields, control, resourceName, schema, ctx }: FormFieldsProps<R>) {
  const visible = fields.filter((f) => !f.only || f.only === ctx.mode);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gapX="5" gapY="4">
      {visible.map((spec) => (
        <GridItem key={spec.name} colSpan={{ base: 1, md: spanOf(spec, ctx.mode) }}>
          <FormField spec={spec} control={control} resourceName={resourceName} schema={schema} ctx={ctx} />
          {spec.dependsOn && <ClearOnChange control={control} name={spec.name} dependsOn={spec.dependsOn} />}
        </GridItem>
      ))}
    </SimpleGrid>
  );
}

/**
 * Form values of a loaded record as the fields edit them: a `date` field holds
 * `YYYY-MM-DD` (a server instant becomes its China Standard Time day); a
 * `datetime` field an ISO instant with a zone (ABP may leave the zone off,
 * which means UTC).
 */
export function normalizeFormValues<R>(fields: readonly FieldSpec<R, string>[], values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f.name];
    if (typeof v !== 'string' || v === '') continue;
    if (f.type === 'date') out[f.name] = toDay(v) || null;
    else if (f.type === 'datetime' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v)) out[f.name] = `${v}Z`;
  }
  return out;
}
