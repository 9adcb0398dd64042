import { GridItem, SimpleGrid } from '@chakra-ui/react';
import {
  MultiSelectField,
  NumberField,
  PasswordField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
  TreeSelectField,
  type SelectOption,
  type TreeOption,
} from '@edu/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { resourceLabels, translateOptions } from './i18n.tsx';
import type { FieldCtx, FieldSpec } from './types.ts';
import { isRequired } from './validation.ts';

const useNoOptions = (): SelectOption[] => [];
const useNoTree = (): readonly TreeOption[] => [];

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
  const remote = useOpts(ctx);
  const useTree = spec.useTreeOptions ?? useNoTree;
  const tree = useTree(ctx);
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
  return spec.span ?? (spec.type === 'textarea' || spec.type === 'custom' ? 2 : 1);
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
        </GridItem>
      ))}
    </SimpleGrid>
  );
}
