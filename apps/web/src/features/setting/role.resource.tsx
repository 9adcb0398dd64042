import { Badge } from '@chakra-ui/react';
import { CreateRoleInput, UpdateRoleInput, type RoleDto } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { defineResource } from '../../resources/index.ts';
import { PermissionTreeField } from './permission-tree-field.tsx';

export const roleResource = defineResource({
  name: 'role',
  service: api.role,
  // Users show role names, so their lists depend on roles too.
  invalidates: ['User'],
  rowLabel: (row) => row.displayName,
  columns: [
    {
      field: 'name',
      sortable: true,
      render: (row, t) => (
        <>
          {row.name}
          {row.isStatic && (
            <Badge ms="2" size="sm" variant="subtle" colorPalette="orange">
              {t('admin.staticRole')}
            </Badge>
          )}
        </>
      ),
    },
    { field: 'displayName', sortable: true },
    { field: 'description', type: 'multiline', truncate: true, width: '280px' },
    { field: 'isDefault', type: 'boolean', sortable: true },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [{ name: 'Keyword', type: 'keyword' }],
  form: {
    create: CreateRoleInput,
    update: UpdateRoleInput,
    size: 'xl',
    defaults: { isDefault: false, grantedPermissions: [] },
    fields: [
      // A static role (Admin) cannot be renamed.
      { name: 'name', type: 'text', disabled: ({ mode, row }) => mode === 'update' && !!(row as RoleDto | undefined)?.isStatic },
      { name: 'displayName', type: 'text' },
      { name: 'description', type: 'textarea', rows: 2 },
      { name: 'isDefault', type: 'switch' },
      { name: 'grantedPermissions', type: 'custom', component: PermissionTreeField },
    ],
  },
  crud: { delete: (row) => !row.isStatic },
});
