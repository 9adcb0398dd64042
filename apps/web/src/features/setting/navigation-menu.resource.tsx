import { Badge } from '@chakra-ui/react';
import { CreateNavigationMenuInput, UpdateNavigationMenuInput, type NavigationMenuDto } from '@edu/sdk';
import { RefreshIcon, type SelectOption } from '@edu/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { callAction, defineResource, useApi, type FieldCtx, type OptionSpec } from '../../resources/index.ts';

/** 1 顶部导航, 2 底部导航. */
const positionOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `resources.navigationMenu.positions.${value}` }));
const targetOptions: readonly OptionSpec[] = ['_self', '_blank'].map((value) => ({ value, labelKey: `resources.navigationMenu.targets.${value}` }));

/** Live entries as parents (`GetMenuDropDownList`), never the entry itself. */
function useParentOptions(ctx: FieldCtx<NavigationMenuDto>): SelectOption[] {
  const { data } = useApi(api.navigationMenu.getMenuDropDownList, {});
  const self = ctx.row?.id;
  return useMemo(() => (data ?? []).filter((m) => m.id !== self && m.parentId === null).map((m) => ({ value: m.id, label: m.name })), [data, self]);
}

function PositionCell({ row }: { row: NavigationMenuDto }) {
  const { t } = useTranslation();
  return (
    <Badge variant="subtle" colorPalette={row.position === 1 ? 'blue' : 'purple'}>
      {t(`resources.navigationMenu.positions.${row.position}`)}
    </Badge>
  );
}

/**
 * 导航菜单 (extension: the public website's navigation; not a route of the
 * spec). Delete is soft: the 回收站 tab lists deleted entries, 恢复 brings one back.
 */
export const navigationMenuResource = defineResource({
  name: 'navigationMenu',
  service: api.navigationMenu,
  tenantOwned: true,
  rowLabel: (row) => row.name,
  defaultSorting: 'sort asc',
  columns: [
    { field: 'name', sortable: true, minWidth: '120px' },
    { field: 'url', type: 'link', sortable: true, truncate: true, width: '220px' },
    { field: 'parentName' },
    { field: 'position', sortable: true, cell: PositionCell },
    { field: 'target', options: targetOptions },
    { field: 'sort', sortable: true, width: '72px' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'Position', type: 'select', options: positionOptions, formField: 'position' },
  ],
  form: {
    create: CreateNavigationMenuInput,
    update: UpdateNavigationMenuInput,
    defaults: { target: '_self', position: 1, sort: 0, isActive: true },
    fields: [
      { name: 'name', type: 'text' },
      { name: 'parentId', type: 'select', useOptions: useParentOptions, placeholderKey: 'resources.navigationMenu.noParent' },
      { name: 'url', type: 'text', span: 2, helpKey: 'resources.navigationMenu.hints.url' },
      { name: 'position', type: 'select', options: positionOptions, emptyValue: undefined },
      { name: 'target', type: 'select', options: targetOptions, emptyValue: undefined },
      { name: 'icon', type: 'text' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'isActive', type: 'switch' },
    ],
  },
  variants: {
    recycleBin: {
      query: { IsDeleted: true },
      columns: [
        { field: 'name', sortable: true, minWidth: '120px' },
        { field: 'url', type: 'link', truncate: true, width: '220px' },
        { field: 'parentName' },
        { field: 'position', sortable: true, cell: PositionCell },
        { field: 'deletionTime', type: 'datetime', sortable: true },
      ],
      crud: { create: false, update: false, delete: false },
      rowActions: [
        callAction<NavigationMenuDto>({
          key: 'recover',
          labelKey: 'content.actions.recover',
          icon: <RefreshIcon />,
          call: api.navigationMenu.recover,
          inline: true,
          input: (row) => ({ id: row.id }),
          confirm: { titleKey: 'content.recover.title', descriptionKey: 'content.recover.confirm' },
          successKey: 'content.recover.done',
        }),
      ],
    },
  },
});
