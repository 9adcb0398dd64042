import { Combobox, createListCollection, Field, Spinner, Stack, Text } from '@chakra-ui/react';
import type { RecipientOptionDto } from '@edu/sdk';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { CustomFieldProps } from '../../../resources/index.ts';

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
 * A searching picker of one user (kind 1) or role (kind 2), shown while the
 * form's `recipientKind` is that kind: the server searches as the user types
 * (`SiteMessage/GetRecipientOptions`, at most 10 matches), so a tenant with
 * 100,000 members never lists them all. The value is the picked id.
 */
function RecipientPicker<R>({ control, name, label, required, disabled, kind }: CustomFieldProps<R> & { kind: 1 | 2 }) {
  const { t } = useTranslation();
  const recipientKind = useWatch({ control, name: 'recipientKind' }) as number | undefined;
  const { field, fieldState } = useController({ control, name });
  const [query, setQuery] = useState('');
  const keyword = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const active = recipientKind === kind;
  const found = useApi(api.siteMessage.getRecipientOptions, active ? { Kind: kind, Keyword: keyword || undefined } : null, {
    keepPreviousData: true,
  });
  const [picked, setPicked] = useState<RecipientOptionDto | null>(null);
  const collection = useMemo(() => {
    const items = found.data?.items ?? [];
    // The picked entry stays choosable while another search runs.
    const all = picked && !items.some((i) => i.id === picked.id) ? [picked, ...items] : items;
    return createListCollection({ items: all, itemToString: (i) => i.name, itemToValue: (i) => String(i.id) });
  }, [found.data, picked]);
  if (!active) return null;
  const value: unknown = field.value;
  return (
    <Field.Root invalid={!!fieldState.error} required={required} disabled={disabled} data-field={name}>
      <Combobox.Root
        collection={collection}
        value={typeof value === 'number' ? [String(value)] : []}
        onValueChange={(e) => {
          const item: RecipientOptionDto | null = e.items[0] ?? null;
          setPicked(item);
          field.onChange(item ? item.id : null);
        }}
        onInputValueChange={(e) => setQuery(e.inputValue)}
        openOnClick
        disabled={disabled}
        data-testid={`recipient-${kind === 1 ? 'user' : 'role'}`}
      >
        <Combobox.Label>
          {label}
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={t(kind === 1 ? 'siteMessage.compose.searchUser' : 'siteMessage.compose.searchRole')} onBlur={field.onBlur} />
          <Combobox.IndicatorGroup>
            {found.isValidating && <Spinner size="xs" aria-hidden />}
            <Combobox.ClearTrigger aria-label={t('siteMessage.compose.clear')} />
            <Combobox.Trigger aria-label={t('siteMessage.compose.open')} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{t('siteMessage.compose.noMatch')}</Combobox.Empty>
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
      {fieldState.error?.message && <Field.ErrorText>{fieldState.error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The compose form's custom fields: `recipientUserId` (kind 1) and `recipientRoleId` (kind 2). */
export function recipientPicker<R>(kind: 1 | 2): ComponentType<CustomFieldProps<R>> {
  const Picker = (props: CustomFieldProps<R>) => <RecipientPicker {...props} kind={kind} />;
  Picker.displayName = kind === 1 ? 'UserRecipientPicker' : 'RoleRecipientPicker';
  return Picker;
}
