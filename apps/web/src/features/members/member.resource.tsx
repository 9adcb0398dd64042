import { Permissions, shownEmail, type UserDto } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { isGranted } from '../../lib/permissions.ts';
import type { ColumnSpec, FilterSpec } from '../../resources/index.ts';
import { identityOptions, userResource } from '../../shared/users/user.resource.tsx';
import { chinaTime, Yuan } from './money.tsx';

/** The balance (fen) of a `MemberDto` row; the list is typed by the user resource's `UserDto`, so the cell reads its value. */
function BalanceCell({ value }: { value: unknown }) {
  return typeof value === 'number' ? <Yuan fen={value} /> : null;
}

const columns: ColumnSpec<UserDto>[] = [
  { field: 'userName', sortable: true, minWidth: '120px' },
  { field: 'fullName' },
  { field: 'phoneNumber' },
  { field: 'emailAddress', truncate: true, width: '200px', render: (row) => shownEmail(row.emailAddress) },
  { field: 'balance', computed: true, labelKey: 'members.fields.balance', sortable: true, align: 'end', cell: BalanceCell },
  { field: 'parentName' },
  { field: 'isActive', type: 'status' },
  { field: 'lastLoginTime', sortable: true, render: (row) => chinaTime(row.lastLoginTime) },
  { field: 'creationTime', labelKey: 'members.fields.registered', sortable: true, render: (row) => chinaTime(row.creationTime) },
];

const filters: FilterSpec[] = [
  { name: 'Keyword', type: 'keyword', placeholderKey: 'members.filters.memberKeyword' },
  { name: 'IsActive', type: 'boolean' },
  { name: 'RegisteredFrom', type: 'date', labelKey: 'members.filters.registeredFrom' },
  { name: 'RegisteredTo', type: 'date', labelKey: 'members.filters.registeredTo' },
];

/**
 * 会员 (`/member/user`): the administrator's user screen presented for
 * members: `User/GetAllMembers` (General identity by default) with the
 * balance in yuan, and the same create, edit, reset password, identity and
 * batch delete calls. Staff identities are a filter only for holders of
 * user management (the server refuses them otherwise).
 */
export const memberResource = userResource.variant('members', {
  titleKey: 'routes.user',
  list: api.user.getAllMembers,
  columns,
  filters: isGranted(Permissions.Manages) ? [...filters, { name: 'Identity', type: 'select', options: identityOptions }] : filters,
  defaults: { identity: 1, isActive: true, roleNames: [] },
});
