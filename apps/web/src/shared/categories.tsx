import { ClassType } from '@edu/sdk';
import { Text } from '@chakra-ui/react';
import { pathLabel, type SelectOption, type TreeOption } from '@edu/ui';
import { useMemo } from 'react';
import { api } from '../lib/client.ts';
import { auditOptions } from '../resources/content.tsx';
import { useApi, type ColumnBase, type ColumnSpec, type FieldSpec, type FilterSpec } from '../resources/index.ts';

/**
 * Category pickers of content screens, as cascaders over
 * `MultiLevelCategory/GetBehindCascaderList` (the categories the user may
 * manage; their ancestors come disabled so paths read). Class types: 1
 * articles, 2 courses, 3 questions, 5 resources, 8 ad positions.
 */
export { ClassType };

const NONE: readonly TreeOption[] = [];

/** The manageable category tree of a class type. */
export function useCategoryTree(classTypeId: number): readonly TreeOption[] {
  const { data } = useApi(api.multiLevelCategory.getBehindCascaderList, { ClassTypeId: classTypeId });
  return data ?? NONE;
}

/** The whole active tree of a class type (parent pickers of the category screen). */
export function useWholeCategoryTree(classTypeId: number | null | undefined): readonly TreeOption[] {
  const { data } = useApi(api.multiLevelCategory.getCascaderList, classTypeId ? { ClassTypeId: classTypeId } : null);
  return data ?? NONE;
}

const hooks = new Map<number, () => readonly TreeOption[]>();
/** One stable hook per class type, so declarations can name it. */
function treeHook(classTypeId: number): () => readonly TreeOption[] {
  let hook = hooks.get(classTypeId);
  if (!hook) {
    hook = function useClassTypeTree() {
      return useCategoryTree(classTypeId);
    };
    hooks.set(classTypeId, hook);
  }
  return hook;
}

/** A `categoryId` cascader field of a class type (any node may be picked). */
export function categoryField<R>(classTypeId: number, extra: Partial<FieldSpec<R>> = {}): FieldSpec<R> {
  return { name: 'categoryId', type: 'cascader', useTreeOptions: treeHook(classTypeId), ...extra };
}

/** A `CategoryId` list filter of a class type (covers the subtree); a new record starts in the picked category. */
export function categoryFilter(classTypeId: number): FilterSpec {
  return { name: 'CategoryId', type: 'cascader', useTreeOptions: treeHook(classTypeId), formField: 'categoryId' };
}

/** Active classification types (built-in and the tenant's own) as select options. */
export function useClassTypeOptions(): SelectOption[] {
  const { data } = useApi(api.classificationType.getClassificationTypeList, {});
  return useMemo(() => (data?.items ?? []).map((c) => ({ value: c.id, label: c.name })), [data]);
}

/**
 * A category column showing the whole path (`课件 / 数学`, where the DTO's
 * `categoryName` alone says 数学), from the same tree the pickers use; the
 * DTO's name when the tree does not hold the category.
 */
export function categoryColumn<R extends CategoryRow>(classTypeId: number, extra: Partial<ColumnBase<R>> = {}): ColumnSpec<R> {
  return categoryPathColumn(treeHook(classTypeId), extra);
}

type CategoryRow = { categoryId: number | null; categoryName: string | null };

/** A category column showing the whole path in the tree a stable hook gives (`categoryColumn` for one class type). */
export function categoryPathColumn<R extends CategoryRow>(useTree: () => readonly TreeOption[], extra: Partial<ColumnBase<R>> = {}): ColumnSpec<R> {
  function CategoryCell({ row }: { row: R }) {
    const tree = useTree();
    const text = pathLabel(tree, row.categoryId) || row.categoryName || '';
    if (!text)
      return (
        <Text as="span" color="fg.subtle">
          —
        </Text>
      );
    return (
      <Text as="span" truncate display="block" title={text}>
        {text}
      </Text>
    );
  }
  return { field: 'categoryName', sortField: 'categoryId', cell: CategoryCell, width: '180px', ...extra };
}

/** The filters every content list has: keyword, a category of its class type (subtree included), a review state. */
export function contentFilters(classTypeId: number): FilterSpec[] {
  return [{ name: 'Keyword', type: 'keyword' }, categoryFilter(classTypeId), { name: 'AuditStatus', type: 'select', options: auditOptions }];
}
