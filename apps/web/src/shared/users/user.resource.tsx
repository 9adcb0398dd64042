import { Badge, HStack, Text } from '@chakra-ui/react';
import { IdCardIcon, KeyIcon, ShieldIcon, type SelectOption } from '@edu/ui';
import {
  ChangeUserIdentityInput,
  CreateUserInput,
  Permissions,
  ResetPasswordInput,
  shownEmail,
  UpdateUserInput,
  type PickerOptionDto,
  type UserDto,
} from '@edu/sdk';
import { useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getAbpState } from '../../lib/abp-store.ts';
import { isGranted } from '../../lib/permissions.ts';
import { roleDisplayName } from './role-names.ts';
import { entityHistoryAction } from '../audit/entity-history.tsx';
import { impersonateAction } from '../audit/impersonation.tsx';
import { api } from '../../lib/client.ts';
import {
  batchDeleteAction,
  defineResource,
  formAction,
  pickForForm,
  useApi,
  type FieldCtx,
  type FieldSpec,
  type OptionSpec,
} from '../../resources/index.ts';
import { searchPickerField, type PickerSource } from '../../resources/search-picker.tsx';

/** Identity labels, in the SDK's order: 1 普通会员, 2 教师, 3 管理员. */
export const identityOptions: readonly OptionSpec[] = [1, 2, 3].map((value) => ({
  value,
  labelKey: `admin.identity.${value}`,
}));

const identityColors: Record<number, string> = { 1: 'gray', 2: 'teal', 3: 'purple' };

/** Roles a user can be given: value is the role's normalizedName (what `roleNames` holds), label its display name. */
export function useRoleOptions(): SelectOption[] {
  const { i18n } = useTranslation();
  const { data } = useApi(api.user.getRoles, {});
  return useMemo(
    () => (data?.items ?? []).map((r) => ({ value: r.normalizedName, label: roleDisplayName(i18n, r) })),
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, i18n.language],
  );
}

/** A user as the pickers show one: the full name with the user name, the identity beside it. */
function useUserOption(): (u: UserDto) => PickerOptionDto {
  const { t } = useTranslation();
  return (u) => ({
    id: u.id,
    name: u.fullName ? `${u.fullName}（${u.userName}）` : u.userName,
    detail: t(`admin.identity.${u.identity}`),
  });
}

/**
 * Parent users found by the server as the admin types (`User/GetAll`, at most
 * 10; the keyword covers the user name, the full name, email and phone),
 * without the user being edited: a tenant's thousands of imported members are
 * never all listed.
 */
const parentSource = (ctx: FieldCtx<UserDto>): PickerSource => ({
  useSearch(keyword, active) {
    const option = useUserOption();
    const found = useApi(api.user.getAll, active ? { Keyword: keyword, MaxResultCount: 10 } : null, { keepPreviousData: true, silent: true });
    return { items: (found.data?.items ?? []).filter((u) => u.id !== ctx.row?.id).map(option), searching: found.isValidating };
  },
  useSelected(id) {
    const option = useUserOption();
    const { data } = useApi(api.user.get, id === null ? null : { Id: id }, { silent: true });
    if (data && data.id === id) return option(data);
    // A member manager may not read a staff parent (`User/Get` answers 403): the row still names it.
    const row = ctx.row;
    return row && id !== null && row.parentId === id && row.parentName ? { id, name: row.parentName, detail: null } : null;
  },
});

const ParentField = searchPickerField(parentSource, 'resources.user.searchParent', 'parent-picker');

function IdentityCell({ row }: { row: UserDto }) {
  const { t } = useTranslation();
  return (
    <Badge variant="subtle" colorPalette={identityColors[row.identity] ?? 'gray'}>
      {t(`admin.identity.${row.identity}`)}
    </Badge>
  );
}

function roleNameOf(i18n: I18n, roles: readonly { name: string; normalizedName: string; displayName: string }[] | undefined, normalizedName: string) {
  const role = roles?.find((r) => r.normalizedName === normalizedName);
  return role ? roleDisplayName(i18n, role) : normalizedName;
}

/** Role badges by display name; `roleNames` holds normalized names such as `ADMIN`. */
function RolesCell({ row }: { row: UserDto }) {
  const { i18n } = useTranslation();
  const { data } = useApi(api.user.getRoles, {});
  if (row.roleNames.length === 0)
    return (
      <Text as="span" color="fg.subtle">
        —
      </Text>
    );
  return (
    <HStack gap="1" wrap="wrap">
      {row.roleNames.map((n) => (
        <Badge key={n} variant="outline" colorPalette="brand">
          {roleNameOf(i18n, data?.items, n)}
        </Badge>
      ))}
    </HStack>
  );
}

const fields: FieldSpec<UserDto>[] = [
  // Create: 用户名 | 密码; edit (no password): 用户名 across the row.
  {
    name: 'userName',
    type: 'text',
    helpKey: 'resources.user.hints.userName',
    span: (mode) => (mode === 'update' ? 2 : 1),
  },
  { name: 'password', type: 'password', only: 'create' },
  { name: 'surname', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'emailAddress', type: 'email' },
  { name: 'phoneNumber', type: 'tel' },
  { name: 'identity', type: 'select', options: identityOptions, emptyValue: undefined },
  { name: 'parentId', type: 'custom', component: ParentField, span: 1 },
  // The server refuses role changes without role management (and roles granting more than the caller holds): say so, don't offer it.
  {
    name: 'roleNames',
    type: 'multiselect',
    useOptions: useRoleOptions,
    disabled: () => !isGranted(Permissions.Manages),
    helpKey: 'resources.user.hints.roleNames',
  },
  { name: 'isActive', type: 'switch' },
];

/** Reset password: the admin's own password and the new one, typed twice. */
const ResetPasswordForm = z
  .object({
    adminPassword: ResetPasswordInput.shape.adminPassword,
    newPassword: ResetPasswordInput.shape.newPassword,
    confirmPassword: z.string().min(1),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'admin.passwordMismatch',
    path: ['confirmPassword'],
  });

const IdentityForm = ChangeUserIdentityInput.pick({ identity: true });
const RolesForm = z.object({ roleNames: UpdateUserInput.shape.roleNames });

const currentUserId = () => getAbpState().session?.user?.id ?? getAbpState().config?.session.userId ?? null;

export const userResource = defineResource({
  name: 'user',
  service: api.user,
  rowLabel: (row) => row.userName,
  columns: [
    { field: 'userName', sortable: true, minWidth: '120px' },
    { field: 'fullName', sortable: true, sortField: 'surname' },
    { field: 'emailAddress', sortable: true, truncate: true, width: '220px', render: (row) => shownEmail(row.emailAddress) },
    { field: 'phoneNumber' },
    { field: 'identity', sortable: true, cell: IdentityCell },
    { field: 'roleNames', cell: RolesCell, minWidth: '120px' },
    { field: 'parentName' },
    { field: 'isActive', type: 'status', sortable: true },
    { field: 'lastLoginTime', type: 'datetime', sortable: true },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'IsActive', type: 'boolean' },
    { name: 'Identity', type: 'select', options: identityOptions },
  ],
  form: {
    create: CreateUserInput,
    update: UpdateUserInput,
    fields,
    defaults: { isActive: true, identity: 1, roleNames: [] },
  },
  // Nobody deletes their own account from here.
  crud: { delete: (row) => row.id !== currentUserId() },
  actions: [batchDeleteAction<UserDto>(api.user.batchDelete)],
  rowActions: [
    entityHistoryAction<UserDto>('User', (row) => row.userName),
    impersonateAction,
    formAction<UserDto>({
      key: 'resetPassword',
      icon: <KeyIcon />,
      call: api.user.resetPassword,
      schema: ResetPasswordForm,
      fields: [
        { name: 'adminPassword', type: 'password', helpKey: 'resources.user.hints.adminPassword', span: 2 },
        { name: 'newPassword', type: 'password', span: 2 },
        { name: 'confirmPassword', type: 'password', span: 2 },
      ],
      toInput: (v, row) => ({ adminPassword: v.adminPassword, newPassword: v.newPassword, userId: row.id }),
      successKey: 'actions.updated',
    }),
    formAction<UserDto>({
      key: 'changeIdentity',
      icon: <IdCardIcon />,
      call: api.user.changeUserIdentity,
      schema: IdentityForm,
      fields: [{ name: 'identity', type: 'select', options: identityOptions, span: 2 }],
      initial: (row) => ({ identity: row.identity }),
      toInput: (v, row) => ({ id: row.id, identity: v.identity }),
      successKey: 'actions.updated',
    }),
    formAction<UserDto>({
      key: 'assignRoles',
      icon: <ShieldIcon />,
      permission: Permissions.Manages,
      // Saved through Update with the whole DTO, so load the record as it is now.
      call: api.user.update,
      load: { call: api.user.get, input: (row) => ({ Id: row.id }) },
      schema: RolesForm,
      fields: [{ name: 'roleNames', type: 'multiselect', useOptions: useRoleOptions, span: 2 }],
      initial: (_row, record) => ({ roleNames: (record as UserDto).roleNames }),
      toInput: (v, _row, record) => ({
        ...pickForForm(UpdateUserInput, record as Record<string, unknown>),
        roleNames: v.roleNames,
      }),
      successKey: 'actions.updated',
    }),
  ],
});
