import { CreateTenantInput, UpdateTenantInput } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { defineResource } from '../../resources/index.ts';

/** Tenants: host side only (`Pages.Administration.Tenants`). */
export const tenantResource = defineResource({
  name: 'tenant',
  service: api.tenant,
  rowLabel: (row) => row.name,
  columns: [
    { field: 'id', sortable: true, width: '80px' },
    { field: 'tenancyName', sortable: true },
    { field: 'name', sortable: true },
    { field: 'isActive', type: 'status', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'IsActive', type: 'boolean' },
  ],
  form: {
    create: CreateTenantInput,
    update: UpdateTenantInput,
    size: 'md',
    defaults: { isActive: true },
    fields: [
      { name: 'tenancyName', type: 'text', helpKey: 'resources.tenant.hints.tenancyName', span: 2 },
      { name: 'name', type: 'text', span: 2 },
      {
        name: 'adminEmailAddress',
        type: 'email',
        only: 'create',
        helpKey: 'resources.tenant.hints.adminEmailAddress',
        span: 2,
      },
      { name: 'isActive', type: 'switch' },
    ],
  },
});
