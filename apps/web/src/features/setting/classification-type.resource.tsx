import { CreateClassificationTypeInput, UpdateClassificationTypeInput, type ClassificationTypeDto } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { defineResource, flaggedTextColumn } from '../../resources/index.ts';

/**
 * 分类类型: the built-in types (文章分类, 课程分类, ..., shared by every tenant,
 * read-only) and the tenant's own.
 */
export const classificationTypeResource = defineResource({
  name: 'classificationType',
  service: api.classificationType,
  // Category screens and pickers show type names.
  invalidates: ['MultiLevelCategory'],
  rowLabel: (row) => row.name,
  defaultSorting: 'sort asc',
  columns: [
    { field: 'id', sortable: true, width: '72px' },
    flaggedTextColumn<ClassificationTypeDto>('name', (row) => row.isStatic, 'content.builtIn'),
    { field: 'code', sortable: true },
    { field: 'sort', sortable: true, width: '80px' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'description', truncate: true, width: '280px' },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [{ name: 'Keyword', type: 'keyword' }],
  form: {
    create: CreateClassificationTypeInput,
    update: UpdateClassificationTypeInput,
    size: 'md',
    defaults: { sort: 0, isActive: true },
    fields: [
      { name: 'name', type: 'text' },
      { name: 'code', type: 'text', helpKey: 'resources.classificationType.hints.code' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'isActive', type: 'switch' },
      { name: 'description', type: 'textarea', rows: 3 },
    ],
  },
  // Built-in types are shared by every tenant: nobody edits or deletes them here.
  crud: { update: (row) => !row.isStatic, delete: (row) => !row.isStatic, lockedKey: 'content.builtInLocked' },
});
