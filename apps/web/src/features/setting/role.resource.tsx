import { CreateRoleInput, UpdateRoleInput, type RoleDto } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { defineResource, flaggedTextColumn } from '../../resources/index.ts';
import { entityHistoryAction } from '../../shared/audit/entity-history.tsx';
import { CategoryPermissionField } from './category-permission-field.tsx';
import { PermissionTreeField } from './permission-tree-field.tsx';

export const roleResource = defineResource({
  name: 'role',
  service: api.role,
  // Users show role names, so their lists depend on roles too.
  invalidates: ['User', 'CategoryPermision', 'MultiLevelCategory'],
  rowLabel: (row) => row.displayName,
  columns: [
    flaggedTextColumn<RoleDto>('name', (row) => row.isStatic, 'admin.staticRole'),
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
    defaults: { isDefault: false, grantedPermissions: [], grantedCategoryIds: [] },
    fields: [
      // A static role (Admin) cannot be renamed.
      { name: 'name', type: 'text', disabled: ({ mode, row }) => mode === 'update' && !!row?.isStatic },
      { name: 'displayName', type: 'text' },
      { name: 'description', type: 'textarea', rows: 2 },
      { name: 'isDefault', type: 'switch' },
      { name: 'grantedPermissions', type: 'custom', component: PermissionTreeField },
      // Which categories the role manages (CategoryPermision/BehindMultiLevel); saved with the role.
      { name: 'grantedCategoryIds', type: 'custom', component: CategoryPermissionField },
    ],
  },
  crud: { delete: (row) => !row.isStatic, lockedKey: 'admin.staticRoleLocked' },
  rowActions: [entityHistoryAction<RoleDto>('Role', (row) => row.displayName)],
});
