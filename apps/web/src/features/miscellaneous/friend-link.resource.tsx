import { Badge } from '@chakra-ui/react';
import { CreateFriendLinkInput, UpdateFriendLinkInput, type FriendLinkDto } from '@edu/sdk';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { defineResource, type OptionSpec } from '../../resources/index.ts';

/** 1 文字链接, 2 图片链接 (needs a logo). */
const linkTypeOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `resources.friendLink.linkTypes.${value}` }));

function LinkTypeCell({ row }: { row: FriendLinkDto }) {
  const { t } = useTranslation();
  return (
    <Badge variant="subtle" colorPalette={row.linkType === 2 ? 'purple' : 'gray'}>
      {t(`resources.friendLink.linkTypes.${row.linkType}`)}
    </Badge>
  );
}

/** 友情链接: text or image links to partner sites, in the website's footer. */
export const friendLinkResource = defineResource({
  name: 'friendLink',
  service: api.friendLink,
  tenantOwned: true,
  rowLabel: (row) => row.name,
  defaultSorting: 'sort asc',
  columns: [
    { field: 'logoUrl', type: 'image', width: '88px' },
    { field: 'name', sortable: true },
    { field: 'url', type: 'link', truncate: true, width: '260px' },
    { field: 'linkType', sortable: true, cell: LinkTypeCell },
    { field: 'sort', sortable: true, width: '72px' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [{ name: 'Keyword', type: 'keyword' }],
  form: {
    create: CreateFriendLinkInput,
    update: UpdateFriendLinkInput,
    size: 'md',
    defaults: { linkType: 1, sort: 0, isActive: true },
    fields: [
      { name: 'name', type: 'text', span: 2 },
      { name: 'url', type: 'url', span: 2, helpKey: 'resources.friendLink.hints.url' },
      { name: 'linkType', type: 'select', options: linkTypeOptions, emptyValue: undefined },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'logoUrl', type: 'image', span: 2, helpKey: 'resources.friendLink.hints.logo' },
      { name: 'isActive', type: 'switch' },
    ],
  },
});
