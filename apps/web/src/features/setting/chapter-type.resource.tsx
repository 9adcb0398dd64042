import { Badge, HStack, Text } from '@chakra-ui/react';
import { ClassType, CreateChapterTypeInput, UpdateChapterTypeInput, type ChapterTypeDto } from '@edu/sdk';
import { nameById, type SelectOption, type TreeOption } from '@edu/ui';
import { useMemo } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { defineResource, useApi, type FieldCtx } from '../../resources/index.ts';
import { categoryPathColumn } from '../../shared/categories.tsx';

/** Course categories (class type 2) labelled with their chapter counts (`GetAllChapterTypeSetting`): `一年级上册（5）`. */
export function withChapterCounts(tree: readonly TreeOption[], counts: ReadonlyMap<number, number>): TreeOption[] {
  return tree.map((n) => {
    const count = counts.get(Number(n.value)) ?? 0;
    return {
      ...n,
      label: count > 0 ? `${n.label}（${count}）` : n.label,
      ...(n.children && { children: withChapterCounts(n.children, counts) }),
    };
  });
}

/**
 * The categories chapters hang on, under two group headings (not pickable):
 * course categories (their chapters and sections, labelled with chapter
 * counts) and question categories (their knowledge points). Both trees start
 * with the same stages (初中 ...), so a path names its group:
 * `题库分类 / 初中 / 化学`.
 */
export function chapterCategoryTree(
  groups: { course: string; question: string },
  course: readonly TreeOption[],
  question: readonly TreeOption[],
): TreeOption[] {
  return [
    { value: 'course', label: groups.course, disabled: true, children: course },
    { value: 'question', label: groups.question, disabled: true, children: question },
  ].filter((g) => g.children.length > 0);
}

function useChapterCategoryTree(): readonly TreeOption[] {
  const { t } = useTranslation();
  const course = useApi(api.multiLevelCategory.getCascaderList, { ClassTypeId: ClassType.Course });
  const question = useApi(api.multiLevelCategory.getCascaderList, { ClassTypeId: ClassType.Question });
  const setting = useApi(api.multiLevelCategory.getAllChapterTypeSetting, {});
  return useMemo(() => {
    const counts = new Map((setting.data?.items ?? []).map((i) => [i.categoryId, i.chapterCount]));
    return chapterCategoryTree(
      { course: t('resources.chapterType.groups.course'), question: t('resources.chapterType.groups.question') },
      withChapterCounts(course.data ?? [], counts),
      question.data ?? [],
    );
  }, [t, course.data, question.data, setting.data]);
}

/** The chapters (not sections) of the category picked in the form, without the chapter being edited. */
function useParentChapters(ctx: FieldCtx<ChapterTypeDto>, control: Control<FieldValues>): SelectOption[] {
  const categoryId = useWatch({ control, name: 'categoryId' }) as number | null | undefined;
  const { data } = useApi(api.chapterType.getList, categoryId ? { CategoryId: categoryId } : null);
  const self = ctx.row?.id;
  return useMemo(() => (data ?? []).filter((c) => c.parentId === null && c.id !== self).map((c) => ({ value: c.id, label: c.name })), [data, self]);
}

/** 章 / 节, with sections indented under their chapter's name. */
function NameCell({ row }: { row: ChapterTypeDto }) {
  const { t } = useTranslation();
  const section = row.parentId !== null;
  return (
    <HStack gap="2" ps={section ? '4' : 0}>
      <Badge size="sm" variant={section ? 'outline' : 'subtle'} colorPalette={section ? 'gray' : 'brand'}>
        {t(section ? 'resources.chapterType.section' : 'resources.chapterType.chapter')}
      </Badge>
      <Text as="span">{row.name}</Text>
    </HStack>
  );
}

function ParentCell({ row }: { row: ChapterTypeDto }) {
  const { data } = useApi(api.chapterType.getList, row.parentId !== null ? { CategoryId: row.categoryId } : null);
  if (row.parentId === null)
    return (
      <Text as="span" color="fg.subtle">
        —
      </Text>
    );
  return <>{nameById(data, row.parentId) || `#${row.parentId}`}</>;
}

/**
 * 章节管理: the chapters (章) and sections (节) of course categories and the
 * knowledge points of question categories. The list is filtered by a
 * category (a cascader, course categories labelled with their chapter
 * counts) and shows each row's whole category path; a new chapter starts in
 * the filtered category.
 */
export const chapterTypeResource = defineResource({
  name: 'chapterType',
  service: api.chapterType,
  tenantOwned: true,
  // The category panel counts chapters.
  invalidates: ['MultiLevelCategory'],
  rowLabel: (row) => row.name,
  defaultSorting: 'sort asc',
  columns: [
    { field: 'name', sortable: true, cell: NameCell, minWidth: '220px' },
    categoryPathColumn<ChapterTypeDto>(useChapterCategoryTree, { sortable: true, width: '240px' }),
    { field: 'parentId', cell: ParentCell },
    { field: 'sort', sortable: true, width: '80px' },
    { field: 'isActive', type: 'status', sortable: true },
    // No description column: the seeded types have none, and a column empty on every row only takes width (still in the form).
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'CategoryId', type: 'cascader', useTreeOptions: useChapterCategoryTree, formField: 'categoryId' },
  ],
  form: {
    create: CreateChapterTypeInput,
    update: UpdateChapterTypeInput,
    size: 'lg',
    defaults: { sort: 0, isActive: true },
    fields: [
      { name: 'categoryId', type: 'cascader', useTreeOptions: useChapterCategoryTree, span: 2 },
      {
        name: 'parentId',
        type: 'select',
        useOptions: useParentChapters,
        dependsOn: 'categoryId',
        placeholderKey: 'resources.chapterType.noParent',
        helpKey: 'resources.chapterType.hints.parentId',
      },
      { name: 'name', type: 'text' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'isActive', type: 'switch' },
      { name: 'description', type: 'textarea', rows: 2 },
    ],
  },
});
