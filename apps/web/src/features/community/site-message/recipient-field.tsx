import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';
import { api } from '../../../lib/client.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { CustomFieldProps } from '../../../resources/index.ts';
import { SearchPicker } from '../../../resources/search-picker.tsx';

function useRecipientSearch(kind: 1 | 2, keyword: string | undefined, active: boolean) {
  const found = useApi(api.siteMessage.getRecipientOptions, active ? { Kind: kind, Keyword: keyword } : null, { keepPreviousData: true });
  return { items: found.data?.items ?? [], searching: found.isValidating };
}
const useUserSearch = (keyword: string | undefined, active: boolean) => useRecipientSearch(1, keyword, active);
const useRoleSearch = (keyword: string | undefined, active: boolean) => useRecipientSearch(2, keyword, active);

/**
 * A searching picker of one user (kind 1) or role (kind 2), shown while the
 * form's `recipientKind` is that kind (`SiteMessage/GetRecipientOptions`, at
 * most 10 matches). The value is the picked id.
 */
function RecipientPicker<R>({ control, name, label, required, disabled, kind }: CustomFieldProps<R> & { kind: 1 | 2 }) {
  const { t } = useTranslation();
  const recipientKind = useWatch({ control, name: 'recipientKind' }) as number | undefined;
  const { field, fieldState } = useController({ control, name });
  if (recipientKind !== kind) return null;
  const value: unknown = field.value;
  return (
    <div data-field={name}>
      <SearchPicker
        useSearch={kind === 1 ? useUserSearch : useRoleSearch}
        label={label}
        value={typeof value === 'number' ? value : null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        placeholder={t(kind === 1 ? 'siteMessage.compose.searchUser' : 'siteMessage.compose.searchRole')}
        testId={`recipient-${kind === 1 ? 'user' : 'role'}`}
        required={required}
        disabled={disabled}
        error={fieldState.error?.message}
      />
    </div>
  );
}

/** The compose form's custom fields: `recipientUserId` (kind 1) and `recipientRoleId` (kind 2). */
export function recipientPicker<R>(kind: 1 | 2): ComponentType<CustomFieldProps<R>> {
  const Picker = (props: CustomFieldProps<R>) => <RecipientPicker {...props} kind={kind} />;
  Picker.displayName = kind === 1 ? 'UserRecipientPicker' : 'RoleRecipientPicker';
  return Picker;
}
