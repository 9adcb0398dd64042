import { Combobox, createListCollection, Field, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PickerOptionDto } from '@edu/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps, FieldCtx } from './types.ts';

/** Waits for typing to pause before searching (one request per pause, not per key). */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * What a picker's server search answers: `useSearch(keyword, active)` (no
 * request while `active` is false), and optionally `useSelected(id)`, the
 * option of a value the picker did not pick itself (a default value, a filter
 * from the address bar), so its name shows.
 */
export interface PickerSource {
  useSearch: (keyword: string | undefined, active: boolean) => { items: readonly PickerOptionDto[]; searching: boolean };
  useSelected?: (id: number | null) => PickerOptionDto | null;
}

export interface SearchPickerProps extends PickerSource {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  placeholder: string;
  testId: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  onBlur?: () => void;
  size?: 'sm' | 'md';
}

const noSelected = () => null;

/**
 * One choice among many found by the server as the user types (members,
 * users, roles): a tenant with 100,000 members never lists them all. The
 * value is the picked id; the picked option stays choosable while another
 * search runs.
 */
export function SearchPicker({
  label,
  value,
  onChange,
  placeholder,
  testId,
  required = false,
  disabled = false,
  error,
  onBlur,
  size = 'md',
  useSearch,
  useSelected = noSelected,
}: SearchPickerProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<PickerOptionDto | null>(null);
  const selected = useSelected(value !== null && picked?.id !== value ? value : null);
  const current = value !== null && picked?.id === value ? picked : selected;
  // The text follows the value when the value changes (a pick, a default, a reset), and the typing otherwise.
  const shown = value === null ? '' : current?.id === value ? current.name : '';
  const [query, setQuery] = useState(shown);
  const [shownFor, setShownFor] = useState(`${value}|${shown}`);
  if (shownFor !== `${value}|${shown}`) {
    setShownFor(`${value}|${shown}`);
    setQuery(shown);
  }
  const keyword = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const found = useSearch(keyword || undefined, !disabled);
  const collection = useMemo(() => {
    const items = current && !found.items.some((i) => i.id === current.id) ? [current, ...found.items] : [...found.items];
    return createListCollection({ items, itemToString: (i) => i.name, itemToValue: (i) => String(i.id) });
  }, [found.items, current]);
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} width="auto">
      <Combobox.Root
        collection={collection}
        value={value === null ? [] : [String(value)]}
        inputValue={query}
        onValueChange={(e) => {
          const item: PickerOptionDto | null = e.items[0] ?? null;
          setPicked(item);
          onChange(item ? item.id : null);
        }}
        onInputValueChange={(e) => setQuery(e.inputValue)}
        openOnClick
        disabled={disabled}
        size={size}
        data-testid={testId}
      >
        <Combobox.Label fontSize={size === 'sm' ? 'xs' : undefined}>
          {label}
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={placeholder} onBlur={onBlur} />
          <Combobox.IndicatorGroup>
            {found.searching && <Spinner size="xs" aria-hidden />}
            <Combobox.ClearTrigger aria-label={t('picker.clear')} />
            <Combobox.Trigger aria-label={t('picker.open')} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{t('picker.noMatch')}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.id} item={item}>
                <Stack gap="0">
                  <Text>{item.name}</Text>
                  {item.detail && (
                    <Text fontSize="xs" color="fg.muted">
                      {item.detail}
                    </Text>
                  )}
                </Stack>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * A form's custom field (`type: 'custom'`) picking one id from `source`, or
 * from the source a form's context gives (the row being edited, to leave it
 * out); `placeholderKey` is a locale key.
 */
export function searchPickerField<R = unknown>(source: PickerSource | ((ctx: FieldCtx<R>) => PickerSource), placeholderKey: string, testId: string) {
  function PickerField({ control, name, label, required, disabled, ...ctx }: CustomFieldProps<R>) {
    const { t } = useTranslation();
    const { field, fieldState } = useController({ control, name });
    const value: unknown = field.value;
    return (
      <div data-field={name}>
        <SearchPicker
          {...(typeof source === 'function' ? source(ctx) : source)}
          label={label}
          value={typeof value === 'number' ? value : null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={t(placeholderKey)}
          testId={testId}
          required={required}
          disabled={disabled}
          error={fieldState.error?.message}
        />
      </div>
    );
  }
  PickerField.displayName = `SearchPickerField(${testId})`;
  return PickerField;
}
