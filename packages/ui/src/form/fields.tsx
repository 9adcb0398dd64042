import { Field, Input, NativeSelect, NumberInput, Select, Switch, Textarea, createListCollection, Portal } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useUiLabels } from '../labels.tsx';
import { flattenTree, optionByKey, type SelectOption, type TreeOption } from './options.ts';

/** Props every react-hook-form field takes. Labels and texts come translated from the caller. */
export interface BaseFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
}

/** Label, helper text and error around a control, as every field here shows them. */
export function FieldShell({
  label,
  helperText,
  required,
  disabled,
  readOnly,
  error,
  children,
  name,
}: {
  label?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  children: ReactNode;
  name: string;
}) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} readOnly={readOnly} data-field={name}>
      {label !== undefined && (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface TextFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength?: number;
}

export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Input
        name={field.name}
        ref={ref}
        type={props.type ?? 'text'}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
      />
    </FieldShell>
  );
}

export function PasswordField<T extends FieldValues>(props: BaseFieldProps<T> & { autoComplete?: string }) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Input
        name={field.name}
        ref={ref}
        type="password"
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'new-password'}
      />
    </FieldShell>
  );
}

export function TextareaField<T extends FieldValues>(props: BaseFieldProps<T> & { rows?: number; maxLength?: number }) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Textarea
        name={field.name}
        ref={ref}
        rows={props.rows ?? 3}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
    </FieldShell>
  );
}

export interface NumberFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  min?: number;
  max?: number;
  step?: number;
}

/** An empty number input gives `null`. */
export function NumberField<T extends FieldValues>(props: NumberFieldProps<T>) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  const value = field.value as number | null | undefined;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <NumberInput.Root
        width="full"
        value={value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
        onValueChange={(d) => field.onChange(Number.isNaN(d.valueAsNumber) ? null : d.valueAsNumber)}
        min={props.min}
        max={props.max}
        step={props.step}
      >
        <NumberInput.Control />
        <NumberInput.Input name={field.name} ref={ref} onBlur={field.onBlur} placeholder={props.placeholder} />
      </NumberInput.Root>
    </FieldShell>
  );
}

export function SwitchField<T extends FieldValues>(props: BaseFieldProps<T> & { onLabel?: ReactNode }) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Switch.Root
        name={field.name}
        checked={!!field.value}
        onCheckedChange={(e) => field.onChange(e.checked)}
        colorPalette="brand"
        disabled={props.disabled}
      >
        <Switch.HiddenInput ref={ref} onBlur={field.onBlur} />
        <Switch.Control />
        {props.onLabel && <Switch.Label>{props.onLabel}</Switch.Label>}
      </Switch.Root>
    </FieldShell>
  );
}

export interface SelectFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  options: readonly SelectOption[];
  /** Value stored when the empty choice is picked: `null` (default) or `undefined`. */
  emptyValue?: null | undefined;
  /** Hide the empty choice (a value is always required). */
  noEmpty?: boolean;
}

/** A native select: robust, keyboard friendly; numbers stay numbers. */
export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const labels = useUiLabels();
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  const emptyValue = 'emptyValue' in props ? props.emptyValue : null;
  const current = field.value as string | number | null | undefined;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          ref={ref}
          value={current === null || current === undefined ? '' : String(current)}
          onChange={(e) => {
            const key = e.currentTarget.value;
            field.onChange(key === '' ? emptyValue : (optionByKey(props.options, key)?.value ?? key));
          }}
          onBlur={field.onBlur}
        >
          {!props.noEmpty && <option value="">{props.placeholder ?? labels.selectPlaceholder}</option>}
          {props.options.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

export interface MultiSelectFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  options: readonly SelectOption[];
  /** Render the list in a portal (leave off inside dialogs). */
  portalled?: boolean;
}

/** A drop-down of checkable options; the value is an array of option values. */
export function MultiSelectField<T extends FieldValues>(props: MultiSelectFieldProps<T>) {
  const labels = useUiLabels();
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  const collection = useMemo(
    () =>
      createListCollection({
        items: props.options.map((o) => ({ label: o.label, value: String(o.value), disabled: !!o.disabled })),
      }),
    [props.options],
  );
  const value = ((field.value as Array<string | number> | null | undefined) ?? []).map(String);
  const content = (
    <Select.Positioner>
      <Select.Content>
        {collection.items.map((item) => (
          <Select.Item item={item} key={item.value}>
            {item.label}
            <Select.ItemIndicator />
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Positioner>
  );
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Select.Root
        multiple
        collection={collection}
        value={value}
        onValueChange={(e) => field.onChange(e.value.map((key) => optionByKey(props.options, key)?.value ?? key))}
        onInteractOutside={() => field.onBlur()}
        disabled={props.disabled}
        width="full"
        positioning={{ sameWidth: true }}
      >
        <Select.HiddenSelect name={field.name} />
        <Select.Control>
          <Select.Trigger ref={ref}>
            <Select.ValueText placeholder={props.placeholder ?? labels.selectPlaceholder} />
          </Select.Trigger>
          <Select.IndicatorGroup>
            <Select.Indicator />
          </Select.IndicatorGroup>
        </Select.Control>
        {props.portalled ? <Portal>{content}</Portal> : content}
      </Select.Root>
    </FieldShell>
  );
}

export interface TreeSelectFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  options: readonly TreeOption[];
  /**
   * `node` (default) stores the picked node's value; `path` stores the values
   * from the root to the node, as a cascader does (ABP category ids paths).
   */
  valueMode?: 'node' | 'path';
  /** Only leaves can be picked. */
  leafOnly?: boolean;
}

/** A select over a tree, indented by depth; ready to become a cascader (`valueMode: 'path'`). */
export function TreeSelectField<T extends FieldValues>(props: TreeSelectFieldProps<T>) {
  const labels = useUiLabels();
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  const flat = useMemo(() => flattenTree(props.options), [props.options]);
  const mode = props.valueMode ?? 'node';
  const raw: unknown = field.value;
  const last: unknown = Array.isArray(raw) && raw.length ? raw[raw.length - 1] : null;
  const selected = (mode === 'path' ? last : raw) as string | number | null;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          ref={ref}
          value={selected === null || selected === undefined ? '' : String(selected)}
          onChange={(e) => {
            const key = e.currentTarget.value;
            const node = flat.find((n) => String(n.value) === key);
            if (!node) field.onChange(mode === 'path' ? [] : null);
            else field.onChange(mode === 'path' ? node.path : node.value);
          }}
          onBlur={field.onBlur}
        >
          <option value="">{props.placeholder ?? labels.selectPlaceholder}</option>
          {flat.map((n) => (
            <option key={n.path.join('/')} value={String(n.value)} disabled={n.disabled || (props.leafOnly && !n.isLeaf)}>
              {'\u3000'.repeat(n.depth)}
              {n.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
