import { Input } from '@chakra-ui/react';
import { useController, type FieldValues } from 'react-hook-form';
import { formatDateTimeUtc8, formatDateUtc8 } from '../filters.ts';
import { FieldShell, type BaseFieldProps } from './fields.tsx';

/**
 * An instant as a `datetime-local` input shows it in China Standard Time
 * (`2024-05-01T08:30`), whatever the browser's zone; `''` for nothing or
 * anything invalid.
 */
export function toUtc8Input(value: string | null | undefined): string {
  const text = formatDateTimeUtc8(value ?? '');
  return text ? `${text.slice(0, 10)}T${text.slice(11, 16)}` : '';
}

/** A `datetime-local` value read as China Standard Time, as ISO 8601 with its offset (`2024-05-01T08:30:00+08:00`); `null` when empty. */
export function fromUtc8Input(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(local.trim());
  if (!m) return null;
  return `${m[1]}T${m[2]}:${m[3] ?? '00'}+08:00`;
}

/**
 * A calendar day (`YYYY-MM-DD`) from a day or an instant: an instant counts in
 * China Standard Time (a server's "midnight UTC+8 as UTC" reads back as its
 * day). `''` for nothing or anything invalid.
 */
export function toDay(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatDateUtc8(value);
}

/** Date and time in China Standard Time; the form value is ISO 8601 with `+08:00` (or null). */
export function DateTimeField<T extends FieldValues>(props: BaseFieldProps<T>) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Input
        type="datetime-local"
        name={field.name}
        ref={ref}
        value={toUtc8Input(field.value)}
        onChange={(e) => field.onChange(fromUtc8Input(e.target.value))}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

/** A calendar day; the form value is `YYYY-MM-DD` (or null). */
export function DateField<T extends FieldValues>(props: BaseFieldProps<T>) {
  const { field: controlled, fieldState } = useController({ control: props.control, name: props.name });
  // The input's ref apart: the compiler treats any object carrying a ref as a ref itself.
  const { ref, ...field } = controlled;
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Input
        type="date"
        name={field.name}
        ref={ref}
        value={toDay(field.value)}
        onChange={(e) => field.onChange(e.target.value || null)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
