import { Badge, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { ChevronRightIcon } from '@edu/ui';
import { CreateMultiLevelCategoryInput, UpdateMultiLevelCategoryInput, type MultiLevelCategoryDto } from '@edu/sdk';
import { useMemo } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../lib/client.ts';
import { defineResource, type FieldCtx } from '../../resources/index.ts';
import { useClassTypeOptions, useWholeCategoryTree } from '../../shared/categories.tsx';
import { levelSearch, withoutSubtree } from './category-tree.ts';

/** The name opens the node's level (its children), as a link: the browser's back button goes up again. */
function NameCell({ row }: { row: MultiLevelCategoryDto }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2">
      <ChakraLink asChild color="brand.fg" fontWeight="medium">
        <Link to={{ search: levelSearch({ classTypeId: row.classTypeId, parentId: row.id }) }} data-testid="category-open">
          {row.name}
        </Link>
      </ChakraLink>
      {row.childCount > 0 && (
        <Badge size="sm" variant="subtle" colorPalette="gray" title={t('resources.multiLevelCategory.childrenHint')}>
          {t('resources.multiLevelCategory.children', { count: row.childCount })}
          <ChevronRightIcon />
        </Badge>
      )}
      {!row.isActive && (
        <Text as="span" fontSize="xs" color="fg.subtle">
          {t('table.status.inactive')}
        </Text>
      )}
    </HStack>
  );
}

/** Where a category may move: the whole tree of its type without the node itself and its subtree. */
function useParentTree(ctx: FieldCtx<MultiLevelCategoryDto>, control: Control<FieldValues>) {
  const classTypeId = useWatch({ control, name: 'classTypeId' }) as number | null | undefined;
  const tree = useWholeCategoryTree(classTypeId);
  const self = ctx.mode === 'update' ? ctx.row?.id : undefined;
  return useMemo(() => withoutSubtree(tree, self), [tree, self]);
}

const useTypeOptions = () => useClassTypeOptions();

/**
 * 多级分类: one level of a class type's tree at a time (the page sets
 * `ClassTypeId` and `ParentId`, 0 for the roots); a name opens its children.
 * Moving is editing the parent (a cascader of the same tree, without the
 * node's own subtree); a category with children or content cannot be deleted
 * (the server says why).
 */
export const multiCategoryResource = defineResource({
  name: 'multiLevelCategory',
  service: api.multiLevelCategory,
  tenantOwned: true,
  // Every picker of content screens reads these trees.
  invalidates: ['ChapterType'],
  rowLabel: (row) => row.name,
  defaultSorting: 'sort asc',
  columns: [
    { field: 'name', sortable: true, cell: NameCell, minWidth: '200px' },
    { field: 'fullName', truncate: true, width: '260px' },
    // Optional and unused by the seeded tenants: shown once some category of the page has a code.
    { field: 'code', sortable: true, hideWhenEmpty: true },
    { field: 'sort', sortable: true, width: '80px' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [{ name: 'Keyword', type: 'keyword' }],
  form: {
    create: CreateMultiLevelCategoryInput,
    update: UpdateMultiLevelCategoryInput,
    size: 'lg',
    defaults: { sort: 0, isActive: true },
    fields: [
      { name: 'classTypeId', type: 'select', useOptions: useTypeOptions, emptyValue: undefined, disabled: ({ mode }) => mode === 'update' },
      {
        name: 'parentId',
        type: 'cascader',
        useTreeOptions: useParentTree,
        dependsOn: 'classTypeId',
        placeholderKey: 'resources.multiLevelCategory.rootParent',
        helpKey: 'resources.multiLevelCategory.hints.parentId',
      },
      { name: 'name', type: 'text' },
      { name: 'code', type: 'text' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'isActive', type: 'switch' },
      { name: 'description', type: 'textarea', rows: 2 },
    ],
  },
});
