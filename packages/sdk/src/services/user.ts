import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, PagedQuery, PickerOptionDto, VoidResult, crud, listResult, paged } from '../core/schemas.ts';
import { abpEnum } from '../core/enums.ts';
import { PermissionGroups } from '../core/permission.ts';
import { PlatformPermissions } from '../platform-permissions.ts';
import { RoleDto } from './role.ts';
import { BackgroundJobDto } from './job.ts';
import { GetAllMembersInput, GetMemberOptionsInput, ImportFromExcelInput, MemberExtra, memberImportTemplateEndpoint } from './member.ts';

/**
 * Inferred: a user's identity on the platform (身份). `General` members are the
 * site's learners; `Teacher` and `Administrator` are staff who use the console.
 * `changeUserIdentity` moves a user between them; `isGeneral` at login means
 * identity `General`. Order: 1 General, 2 Teacher, 3 Administrator.
 */
export const UserIdentity = abpEnum({ General: 1, Teacher: 2, Administrator: 3 }, 'User identity');
export type UserIdentity = z.infer<typeof UserIdentity>;

const userName = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'Letters, digits and _ . @ - only');
const personName = z.string().trim().min(1).max(64);

/**
 * ABP's `UserDto` plus the platform's fields. Chinese names: `surname` is 姓,
 * `name` is 名, and `fullName` is surname + name without a space (张伟).
 */
export const UserDto = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  surname: z.string(),
  emailAddress: z.string(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  fullName: z.string(),
  lastLoginTime: AbpDateTime.nullable(),
  creationTime: AbpDateTime,
  /** Role NormalizedName values, e.g. `ADMIN`, as ABP sends them. */
  roleNames: z.array(z.string()),
  identity: UserIdentity,
  /** The user above this one in the hierarchy ("myself and children" scope). */
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  tenantId: z.number().int().nullable(),
});
export type UserDto = z.infer<typeof UserDto>;

export const CreateUserInput = z.object({
  userName,
  name: personName,
  surname: personName,
  emailAddress: z.email().max(256),
  phoneNumber: z
    .string()
    .regex(/^1[3-9]\d{9}$/, 'A mainland mobile number of 11 digits')
    .nullish(),
  isActive: z.boolean().default(true),
  roleNames: z.array(z.string().max(64)).max(50).default([]),
  password: z.string().min(6).max(32),
  identity: UserIdentity.default(1),
  parentId: z.number().int().min(1).nullish(),
});
export const UpdateUserInput = CreateUserInput.omit({ password: true }).extend({ id: z.number().int().min(1) });

/** `Keyword` is found in the user name, surname, name, email and phone, and as a full name typed as one word (胡宇 finds 胡宇航). */
export const GetAllUserInput = PagedQuery.extend({
  IsActive: z.boolean().optional(),
  Identity: UserIdentity.optional(),
  /** Only users under this one in the hierarchy, any depth. */
  ParentId: z.number().int().min(1).optional(),
});

export const UserListItemDto = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  identity: UserIdentity,
  parentId: z.number().int().nullable(),
});

export const ChangeLanguageInput = z.object({ languageName: z.string().min(2).max(16) });
export const ResetPasswordInput = z.object({
  adminPassword: z.string().min(1).max(32),
  userId: z.number().int().min(1),
  newPassword: z.string().min(6).max(32),
});
export const ChangeUserIdentityInput = z.object({ id: z.number().int().min(1), identity: UserIdentity });
/** Inferred: ids in the body; all or nothing (one transaction). */
export const BatchDeleteInput = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) });

/** A member as the member list shows it: the user plus the balance (member.ts). */
export const MemberDto = UserDto.extend(MemberExtra.shape);
export type MemberDto = z.infer<typeof MemberDto>;

/** Reading and changing users takes administrator or member management. */
const manageUsers = [PlatformPermissions.Manages, PlatformPermissions.MembersUsers] as const;

export const UserService = defineService(
  'User',
  {
    ...crud({ dto: UserDto, create: CreateUserInput, update: UpdateUserInput, query: GetAllUserInput }),
    /** The roles a user can be given (`{ items }`). */
    GetRoles: { input: z.object({}), output: listResult(RoleDto) },
    /** CUSTOM: every user of the tenant, unpaged (ABP clients' pickers; the console searches `GetAll` by keyword instead). */
    GetAllUsers: { input: z.object({}), output: listResult(UserListItemDto), inferred: true },
    /** Stores the caller's language setting; any signed-in user may. */
    ChangeLanguage: { input: ChangeLanguageInput, output: VoidResult, access: 'authenticated' },
    /** Needs the caller's own password; the caller must be in the Admin role. */
    ResetPassword: { input: ResetPasswordInput, output: z.boolean() },
    /** CUSTOM: moves a user to another identity. */
    changeUserIdentity: { input: ChangeUserIdentityInput, output: UserDto, inferred: true },
    /** CUSTOM: soft-deletes several users at once. */
    BatchDelete: { input: BatchDeleteInput, output: VoidResult, inferred: true },
    /** Members (General identity) with their balance; see member.ts. */
    GetAllMembers: { input: GetAllMembersInput, output: paged(MemberDto), extension: true, access: PlatformPermissions.MembersUsers },
    /** Member search for pickers (member.ts); the money screens' permission suffices. */
    GetMemberOptions: {
      input: GetMemberOptionsInput,
      output: listResult(PickerOptionDto),
      extension: true,
      access: [PermissionGroups.Administration.name, ...manageUsers],
    },
    /** Member import as a background job (member.ts). */
    ImportFromExcel: { input: ImportFromExcelInput, output: BackgroundJobDto, inferred: true, access: PlatformPermissions.MembersImportUsers },
    GetMemberImportTemplate: { ...memberImportTemplateEndpoint, access: PlatformPermissions.MembersImportUsers },
  },
  { access: manageUsers },
);
