import { z } from 'zod';
import { abpEnum } from '../core/enums.ts';
import { FileContent, MB, fileField } from '../core/files.ts';
import { ImportOptions } from '../core/imports.ts';
import { Fen } from '../core/money.ts';
import { AbpDateInput, PagedQuery } from '../core/schemas.ts';

/**
 * Members (会员, `/member/user`) and member import (导入用户,
 * `/member/importuser`): pieces of the User service (user.ts spreads them
 * in). docs/architecture/money.md, "Members".
 *
 * **Members** are users of the General identity (普通会员). `User/GetAllMembers`
 * (extension, `Pages.Members.Users`) lists them with their balance (the sum
 * of their ledger), last sign-in, registration time, parent and status.
 * Holders of `Pages.Members.Users` without `Pages.Administration.Manages`
 * may act (Get, Create, Update, Delete, BatchDelete, ResetPassword,
 * changeUserIdentity) on General users only, and may not give a user a staff
 * identity: the server refuses (403) anything else. With
 * `Pages.Administration.Manages` the list's `Identity` may name staff.
 */

/** What the member list adds to a user. */
/**
 * A member imported without an e-mail still needs one (ABP's user requires
 * it): `<用户名>@member.invalid` (RFC 2606, never deliverable). It is stored,
 * never shown: screens show `shownEmail(address)`, empty for it.
 */
export const NO_EMAIL_DOMAIN = 'member.invalid';
export const placeholderEmail = (userName: string): string => `${userName.toLowerCase()}@${NO_EMAIL_DOMAIN}`;
export const shownEmail = (address: string): string => (address.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`) ? '' : address);

export const MemberExtra = z.object({
  /** The sum of the member's ledger, in fen. */
  balance: Fen,
});

/**
 * Member filters: `Keyword` over user name, name, surname, phone and e-mail;
 * `Identity` (default General); `IsActive`; `RegisteredFrom`/`RegisteredTo`
 * UTC+8 calendar days (inclusive); `ParentId` direct and indirect members
 * under a user. Sorting: `creationTime`, `lastLoginTime`, `balance`,
 * `userName` (`asc`/`desc`); default newest first.
 */
export const GetAllMembersInput = PagedQuery.extend({
  IsActive: z.boolean().optional(),
  Identity: z.number().int().min(1).max(3).optional(),
  RegisteredFrom: AbpDateInput.optional(),
  RegisteredTo: AbpDateInput.optional(),
  ParentId: z.number().int().min(1).optional(),
});
export type GetAllMembersInput = z.input<typeof GetAllMembersInput>;

/**
 * Member search for the pickers of the money screens (recharge, consumption,
 * the member filter): members (General identity) whose user name, name,
 * phone or e-mail contains `Keyword`, or a full name typed as one word
 * (胡宇 finds 胡宇航); at most 20, so a tenant with 100,000 members never
 * lists them all. `Id` answers that one member (the label of a member picked
 * earlier, e.g. from the address bar). Open to whoever may use those screens
 * or manage members: the pickers must not need more than the screen.
 */
export const GetMemberOptionsInput = z.object({
  Keyword: z.string().trim().max(64).optional(),
  Id: z.number().int().min(1).optional(),
  MaxResultCount: z.number().int().min(1).max(20).default(10),
});
export type GetMemberOptionsInput = z.input<typeof GetMemberOptionsInput>;

/**
 * The initial password of imported users: 1 the same `password` for all
 * (given in the request), 2 the last six digits of the row's phone number
 * (a row without a phone is an error), 3 a random 8-character password per
 * user, written into the job's report file (`passwords`), the only place it
 * is ever shown. Passwords are stored hashed only (ASP.NET Identity V3);
 * rule 1 is hashed once per import, rules 2 and 3 once per distinct password.
 */
export const ImportPasswordRule = abpEnum({ Fixed: 1, PhoneLast6: 2, Random: 3 }, 'Initial password rule');
export type ImportPasswordRule = z.infer<typeof ImportPasswordRule>;

export const MEMBER_IMPORT_MAX_BYTES = 20 * MB;
export const MEMBER_IMPORT_MAX_ROWS = 10_000;
export const MEMBER_IMPORT_TYPES = ['.xlsx', '.csv', '.xls'] as const;

/**
 * `User/ImportFromExcel` (the spec's call; its form is inferred): an `.xlsx`
 * or `.csv` (UTF-8 with or without BOM, or GB18030/GBK) upload plus the
 * import options; answers the started `BackgroundJobDto` (result:
 * `ImportResult`). Columns (Chinese header; English aliases accepted;
 * template `User/GetMemberImportTemplate`):
 * - 用户名 (User name): optional, letters, digits, `_ . @ -`; default the phone, else the e-mail;
 * - 姓名 (Name), required: a Chinese name is split into 姓 (first character,
 *   or a two-character compound surname such as 欧阳) and 名; `姓`/`名` columns may be given instead;
 * - 手机号 (Phone): 11-digit mainland mobile (spaces, `-` and `+86` folded);
 * - 邮箱 (E-mail): optional; without one the address is `<用户名>@member.invalid`
 *   (RFC 2606), one of 手机号 and 邮箱 is required;
 * - 身份 (Identity): 普通会员 / 教师 / 管理员 (or 1–3), default 普通会员; staff identities need `Pages.Administration.Manages`;
 * - 上级用户名 (Parent user name): an existing user of the tenant or an earlier row of the file;
 * - 角色 (Roles): role names separated by `,`/`，`/`;`; need `Pages.Administration.Manages` as on Create;
 * - 状态 (Status): 启用 / 禁用 (also 是/否, 1/0, true/false), default 启用;
 * - 注册日期 (Registered): optional, a date (an Excel date, a serial number or `YYYY-MM-DD`/`YYYY/M/D` text): the registration time kept from the old system.
 * Row problems: missing name, bad phone or e-mail, duplicate in the file
 * (same user name, phone or e-mail as an earlier row), already registered
 * (same user name: skipped as a duplicate, so a re-import creates nothing;
 * same phone or e-mail as another user: an error), unknown parent or role.
 */
export const ImportFromExcelInput = ImportOptions.extend({
  file: fileField({ maxBytes: MEMBER_IMPORT_MAX_BYTES, accept: MEMBER_IMPORT_TYPES }),
  passwordRule: ImportPasswordRule.default(1),
  /** The password of rule 1 (6–32 characters). */
  password: z.string().min(6).max(32).optional(),
});
export type ImportFromExcelInput = z.input<typeof ImportFromExcelInput>;

export const memberImportTemplateEndpoint = {
  input: z.object({}),
  output: FileContent,
  response: 'file',
  extension: true,
  summary: 'The Excel template for member import (会员导入模板.xlsx)',
} as const;
