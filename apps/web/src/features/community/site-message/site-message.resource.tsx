import { CreateSiteMessageInput, UpdateSiteMessageInput, type SiteMessageListDto } from '@edu/sdk';
import { api } from '../../../lib/client.ts';
import { defineResource, type OptionSpec } from '../../../resources/index.ts';
import { recipientPicker } from './recipient-field.tsx';
import { ReadCount, RecipientBadge, TitleCell } from './site-message-cells.tsx';
import { ThreadDialog } from './thread-dialog.tsx';

/** 1 指定会员, 2 指定角色, 3 全体会员. */
const kindOptions: readonly OptionSpec[] = [1, 2, 3].map((value) => ({ value, labelKey: `siteMessage.kinds.${value}` }));

/**
 * 站内消息 (/miscellaneous/siteMessage): messages the platform sent, with
 * whom they went to and how many have read them; compose to one member (a
 * searching picker), a role or every member; 查看 opens the thread with the
 * replies and a reply box. Recipients are fixed once sent (edit changes the
 * title and content only).
 */
export const siteMessageResource = defineResource({
  name: 'siteMessage',
  service: api.siteMessage,
  tenantOwned: true,
  rowLabel: (row) => row.title,
  columns: [
    { field: 'title', sortable: true, truncate: true, width: '260px', cell: TitleCell },
    { field: 'recipientKind', sortable: true, cell: ({ row }: { row: SiteMessageListDto }) => <RecipientBadge row={row} />, minWidth: '160px' },
    { field: 'readCount', cell: ({ row }: { row: SiteMessageListDto }) => <ReadCount row={row} /> },
    { field: 'replyCount', sortable: true, type: 'number' },
    { field: 'creatorName' },
    { field: 'creationTime', type: 'datetime', sortable: true },
    { field: 'lastReplyTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'RecipientKind', type: 'select', options: kindOptions },
    { name: 'CreationFrom', type: 'date' },
    { name: 'CreationTo', type: 'date' },
    { name: 'Inbox', type: 'boolean' },
  ],
  form: {
    create: CreateSiteMessageInput,
    update: UpdateSiteMessageInput,
    size: 'lg',
    defaults: { recipientKind: 3 },
    fields: [
      { name: 'recipientKind', type: 'select', options: kindOptions, emptyValue: undefined, only: 'create', span: 2 },
      { name: 'recipientUserId', type: 'custom', component: recipientPicker<SiteMessageListDto>(1), only: 'create', required: true },
      { name: 'recipientRoleId', type: 'custom', component: recipientPicker<SiteMessageListDto>(2), only: 'create', required: true },
      { name: 'title', type: 'text', span: 2 },
      { name: 'content', type: 'textarea', rows: 8 },
    ],
  },
  rowActions: [{ key: 'thread', inline: true, permission: 'authenticated', dialog: ThreadDialog }],
});
