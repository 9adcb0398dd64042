import { Box, Flex, GridItem, Image, SimpleGrid, Skeleton, Spinner } from '@chakra-ui/react';
import {
  CascaderField,
  DateField,
  DateTimeField,
  FieldShell,
  MultiSelectField,
  NumberField,
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
import { useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { resourceLabels, translateOptions } from './i18n.tsx';
import type { FieldCtx, FieldSpec } from './types.ts';
import { isRequired } from './validation.ts';

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
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  const shown = !!url && /^(https?:\/\/|\/)\S+$/.test(url) && !broken;
  return (
    <Flex gap="3" align="flex-end">
      <Box flex="1" minW="0">
        <TextField {...props} type="url" autoComplete="off" />
      </Box>
      {shown && (
        <Image
          src={url}
          alt=""
          boxSize="10"
          objectFit="cover"
          borderRadius="sm"
          borderWidth="1px"
          flexShrink={0}
          onError={() => setBroken(true)}
          data-testid={`preview-${props.name}`}
        />
      )}
    </Flex>
  );
}

/** Clears a field when the field it depends on changes (not on the first render): a chapter follows its category. */
function ClearOnChange({ control, name, dependsOn }: { control: Control<FieldValues>; name: string; dependsOn: string }) {
  const watched = useWatch({ control, name: dependsOn });
  const { field } = useController({ control, name });
  const previous = useRef(watched);
  useEffect(() => {
    if (Object.is(previous.current, watched)) return;
    previous.current = watched;
    field.onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched]);
  return null;
}

interface FieldProps<R> {
  spec: FieldSpec<R>;
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
      return (
        <SelectField
          {...common}
          options={options}
          {...('emptyValue' in spec ? { emptyValue: spec.emptyValue } : {})}
        />
      );
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
    case 'custom': {
      const C = spec.component;
      if (!C) return null;
      return (
        <C
          {...ctx}
          control={control}
          name={spec.name}
          label={common.label}
          required={common.required}
          disabled={common.disabled}
        />
      );
    }
  }
}

function spanOf<R>(spec: FieldSpec<R>, mode: FieldCtx<R>['mode']): 1 | 2 {
  if (typeof spec.span === 'function') return spec.span(mode);
  return spec.span ?? (spec.type === 'textarea' || spec.type === 'custom' || spec.type === 'richText' ? 2 : 1);
}

export interface FormFieldsProps<R> {
  fields: readonly FieldSpec<R>[];
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
        <GridItem
          key={spec.name}
          colSpan={{ base: 1, md: spanOf(spec, ctx.mode) }}
        >
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
export function normalizeFormValues<R>(
  fields: readonly FieldSpec<R>[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f.name];
    if (typeof v !== 'string' || v === '') continue;
    if (f.type === 'date') out[f.name] = toDay(v) || null;
    else if (f.type === 'datetime' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v)) out[f.name] = `${v}Z`;
  }
  return out;
}
