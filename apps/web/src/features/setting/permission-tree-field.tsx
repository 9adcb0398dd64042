import { Field, Flex, Spinner, Text } from '@chakra-ui/react';
import { PermissionTree } from '@edu/ui';
import type { RoleDto } from '@edu/sdk';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi, type CustomFieldProps } from '../../resources/index.ts';

/**
 * The role editor's permission tree (`Role/getAllTreePermissions?Id=`; Id 0 for
 * a new role), bound to the form's `grantedPermissions` list.
 */
export function PermissionTreeField({ control, name, label, disabled, row }: CustomFieldProps<RoleDto>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const { data, isLoading } = useApi(api.role.getAllTreePermissions, { Id: row?.id ?? 0 });
  return (
    <Field.Root invalid={!!fieldState.error} data-field={name}>
      <Field.Label>{label}</Field.Label>
      {isLoading || !data ? (
        <Flex align="center" gap="2" py="4" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('admin.permissionsLoading')}</Text>
        </Flex>
      ) : (
        <PermissionTree
          nodes={data.items}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(v) => field.onChange(v)}
          disabled={disabled}
          checkAllLabel={t('admin.checkAllPermissions')}
        />
      )}
      {fieldState.error && <Field.ErrorText>{fieldState.error.message}</Field.ErrorText>}
    </Field.Root>
  );
}
