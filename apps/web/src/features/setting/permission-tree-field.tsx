import { Fieldset, Flex, Spinner, Text } from '@chakra-ui/react';
import { PermissionTree } from '@edu/ui';
import type { RoleDto } from '@edu/sdk';
import { useController, useWatch } from 'react-hook-form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi, type CustomFieldProps } from '../../resources/index.ts';
import { PermissionPreviewButton } from './permission-preview.tsx';

/**
 * The role editor's permission tree (`Role/getAllTreePermissions?Id=`; Id 0 for
 * a new role), bound to the form's `grantedPermissions` list, with 预览权限效果:
 * the console as the role would see it with the permissions checked now.
 */
export function PermissionTreeField({ control, name, label, disabled, row }: CustomFieldProps<RoleDto>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const { data, isLoading } = useApi(api.role.getAllTreePermissions, { Id: row?.id ?? 0 });
  const granted = (field.value as string[] | undefined) ?? NONE;
  const roleName = useWatch({ control, name: 'displayName' }) as string | undefined;
  const roles = useMemo(() => [{ grantedPermissions: granted }], [granted]);
  return (
    // A fieldset, not a field: the checkboxes of a Field share its one input id, so a click on any label toggled 全部权限.
    <Fieldset.Root invalid={!!fieldState.error} data-field={name}>
      <Flex align="center" justify="space-between" w="full" gap="2">
        <Fieldset.Legend>{label}</Fieldset.Legend>
        <PermissionPreviewButton roles={roles} label={roleName || undefined} />
      </Flex>
      {isLoading || !data ? (
        <Flex align="center" gap="2" py="4" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('admin.permissionsLoading')}</Text>
        </Flex>
      ) : (
        <PermissionTree
          nodes={data.items}
          value={granted}
          onChange={(v) => field.onChange(v)}
          disabled={disabled}
          checkAllLabel={t('admin.checkAllPermissions')}
        />
      )}
      {fieldState.error && <Fieldset.ErrorText>{fieldState.error.message}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

const NONE: string[] = [];
