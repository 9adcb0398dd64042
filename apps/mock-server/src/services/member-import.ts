import { randomInt, randomUUID } from 'node:crypto';
import { loadExcel } from '../kit/lazy.ts';
import { MEMBER_IMPORT_MAX_ROWS, type FileDto, type ImportFromExcelInput, type UserService } from '@edu/sdk';
import { hashPassword } from '@edu/db';
import { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { AbpValidationError, ForbiddenError, invalid } from '../kit/errors.ts';
import {
  column,
  dateCell,
  fileError,
  readTable,
  startImport,
  templateWorkbook,
  textCell,
  type ImportItem,
  type Importer,
  type RowValues,
} from '../kit/import.ts';
import { assertCanChangeRoles } from '../kit/privilege.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import type { Culture } from '../localization/texts.ts';
import { managesStaff } from './members.ts';

/**
 * Member import (`User/ImportFromExcel`, `User/GetMemberImportTemplate`;
 * SDK services/member.ts; docs/decisions.md "Members and money (issue 10)"),
 * through the import kit: read the sheet by declared columns, check every
 * row against the tenant's users (loaded once per import, not per row),
 * skip user names already registered (so a re-import creates nothing),
 * write in batches in one transaction. Passwords are hashed once per
 * distinct password (rule 1: once per import).
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const texts = {
  'zh-Hans': {
    badDate: '日期格式不正确（如 2024-03-05）',
    noNameColumn: '缺少“姓名”列（或“姓”“名”两列）。请使用导入模板。',
    missingName: '缺少姓名',
    badPhone: '手机号格式不正确（11 位手机号）',
    badEmail: '邮箱格式不正确',
    needContact: '手机号和邮箱至少填写一项',
    badUserName: '用户名只能包含字母、数字和 _ . @ -，长度 2–32',
    badIdentity: '身份只能是 普通会员、教师 或 管理员',
    staffIdentity: '无权导入教师或管理员身份（需要“用户管理”权限）',
    badStatus: '状态只能是 启用 或 禁用',
    unknownRole: (n: string) => `角色“${n}”不存在`,
    rolesNeedManages: '无权分配角色（需要“用户管理”权限）',
    rolesTooStrong: '无权分配包含自己没有的权限的角色',
    unknownParent: (n: string) => `上级用户“${n}”不存在（须为已有用户或本文件中靠前的行）`,
    phoneTaken: (who: string) => `手机号已被用户 ${who} 注册`,
    emailTaken: (who: string) => `邮箱已被用户 ${who} 注册`,
    phoneInFile: (row: number) => `手机号与第 ${row} 行重复`,
    emailInFile: (row: number) => `邮箱与第 ${row} 行重复`,
    needPhoneForPassword: '按“手机号后六位”设置初始密码时必须填写手机号',
    needPassword: '请填写统一的初始密码（6–32 位）',
    passwordsName: (base: string) => `初始密码-${base}.xlsx`,
    passwordsSheet: '初始密码',
    passwordsHeaders: ['行号', '用户名', '姓名', '初始密码'],
    title: '导入会员',
  },
  en: {
    badDate: 'Not a date (e.g. 2024-03-05)',
    noNameColumn: 'The "Name" column (or "Surname" and "Given name") is missing. Please use the template.',
    missingName: 'The name is missing',
    badPhone: 'Not a mobile number (11 digits)',
    badEmail: 'Not an e-mail address',
    needContact: 'A phone number or an e-mail address is required',
    badUserName: 'A user name has 2–32 letters, digits or _ . @ -',
    badIdentity: 'The identity is one of Member, Teacher, Administrator',
    staffIdentity: 'You may not import teachers or administrators (needs user management)',
    badStatus: 'The status is Active or Inactive',
    unknownRole: (n: string) => `There is no role "${n}"`,
    rolesNeedManages: 'You may not assign roles (needs user management)',
    rolesTooStrong: 'You may not assign a role with permissions you do not hold',
    unknownParent: (n: string) => `There is no user "${n}" (an existing user or an earlier row of this file)`,
    phoneTaken: (who: string) => `The phone number is registered to ${who}`,
    emailTaken: (who: string) => `The e-mail address is registered to ${who}`,
    phoneInFile: (row: number) => `Same phone number as row ${row}`,
    emailInFile: (row: number) => `Same e-mail address as row ${row}`,
    needPhoneForPassword: 'The "last six digits of the phone" rule needs a phone number',
    needPassword: 'Give the common initial password (6–32 characters)',
    passwordsName: (base: string) => `initial-passwords-${base}.xlsx`,
    passwordsSheet: 'Initial passwords',
    passwordsHeaders: ['Row', 'User name', 'Name', 'Initial password'],
    title: 'Import members',
  },
} satisfies Record<Culture, unknown>;

const h = (zh: string, en: string) => ({ 'zh-Hans': zh, en });

/** The sheet's columns (Chinese header in the template; English headers and the aliases accepted). */
export const MEMBER_COLUMNS = [
  column('userName', h('用户名', 'User name'), textCell, { aliases: ['账号', '帐号', '登录名', '登录账号', 'Username', 'Account'], width: 16 }),
  column('fullName', h('姓名', 'Name'), textCell, { aliases: ['会员姓名', '真实姓名', 'Full name'], width: 12 }),
  column('surname', h('姓', 'Surname'), textCell, { aliases: ['Family name', 'Last name'] }),
  column('givenName', h('名', 'Given name'), textCell, { aliases: ['First name'] }),
  column('phone', h('手机号', 'Phone'), textCell, { aliases: ['手机', '手机号码', '电话', '联系电话', 'Mobile', 'Phone number'], width: 16 }),
  column('email', h('邮箱', 'E-mail'), textCell, { aliases: ['电子邮箱', '邮件', '电子邮件', 'Email', 'Email address'], width: 24 }),
  column('identity', h('身份', 'Identity'), textCell, { aliases: ['会员身份', '用户身份'], width: 12 }),
  column('parent', h('上级用户名', 'Parent user name'), textCell, { aliases: ['上级', '上级用户', '推荐人', 'Parent'], width: 16 }),
  column('roles', h('角色', 'Roles'), textCell, { width: 16 }),
  column('status', h('状态', 'Status'), textCell, { aliases: ['是否启用', 'Active'], width: 10 }),
  column('registered', h('注册日期', 'Registered'), dateCell(h(texts['zh-Hans'].badDate, texts.en.badDate)), {
    aliases: ['注册时间', 'Registration date'],
    width: 14,
  }),
] as const;

type MemberRow = RowValues<typeof MEMBER_COLUMNS> & { row: number };

const TEMPLATE_ROWS = [
  {
    userName: 'zhangsan01',
    fullName: '张三',
    phone: '13800138000',
    email: 'zhangsan@example.com',
    identity: '普通会员',
    parent: '',
    roles: '',
    status: '启用',
    registered: '2024-03-05',
  },
  {
    userName: '',
    fullName: '欧阳娜娜',
    phone: '13900139000',
    email: '',
    identity: '普通会员',
    parent: 'zhangsan01',
    roles: '',
    status: '启用',
    registered: '',
  },
];
const TEMPLATE_NOTES = [
  '填写说明：',
  '1. 第一个工作表的第一行是表头，请勿修改表头文字；示例行可删除。',
  '2. 姓名必填；手机号和邮箱至少填写一项；用户名不填时使用手机号（没有手机号时使用邮箱）。',
  '3. 身份：普通会员、教师、管理员，不填为普通会员；导入教师或管理员需要“用户管理”权限。',
  '4. 上级用户名：已有用户的用户名，或本文件中靠前一行的用户名。',
  '5. 角色：多个角色用逗号分隔；分配角色需要“用户管理”权限。',
  '6. 状态：启用或禁用，不填为启用。注册日期可不填（如 2024-03-05）。',
  '7. 用户名已注册的行会被跳过，因此重复导入同一文件不会产生重复用户。',
  '8. 初始密码在导入时选择：统一密码、手机号后六位，或随机密码（随机密码在导入完成后随结果提供下载）。',
];

const IDENTITIES: Readonly<Record<string, number>> = {
  普通会员: 1,
  会员: 1,
  学员: 1,
  学生: 1,
  member: 1,
  general: 1,
  教师: 2,
  老师: 2,
  teacher: 2,
  管理员: 3,
  administrator: 3,
  admin: 3,
  '1': 1,
  '2': 2,
  '3': 3,
};
const STATUS: Readonly<Record<string, boolean>> = {
  启用: true,
  正常: true,
  是: true,
  '1': true,
  true: true,
  active: true,
  禁用: false,
  停用: false,
  否: false,
  '0': false,
  false: false,
  inactive: false,
};
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '令狐',
  '夏侯',
  '轩辕',
  '端木',
  '独孤',
  '南宫',
  '西门',
  '百里',
];
const CJK = /[\u3400-\u9fff]/;
const USER_NAME = /^[A-Za-z0-9_.@-]{2,32}$/;
const email = z.email().max(256);

/** 姓名 → 姓 + 名: a compound surname or the first character; non-Chinese names: first word is the given name. */
export function splitName(full: string): { surname: string; name: string } {
  const s = full.replace(/\s+/g, ' ').trim();
  if (CJK.test(s)) {
    const compact = s.replace(/\s/g, '');
    const len = COMPOUND_SURNAMES.some((c) => compact.startsWith(c)) && compact.length > 2 ? 2 : 1;
    return compact.length === 1 ? { surname: compact, name: compact } : { surname: compact.slice(0, len), name: compact.slice(len) };
  }
  const [first = s, ...rest] = s.split(' ');
  return { name: first, surname: rest.join(' ') || first };
}

/** `138 0013 8000`, `138-0013-8000`, `+86 13800138000`, `8613800138000` → `13800138000`; null when not a mobile number. */
export function normalizePhone(text: string): string | null {
  const digits = text
    .normalize('NFKC')
    .replace(/[\s()-]/g, '')
    .replace(/^\+?86(?=1\d{10}$)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

interface Checked {
  userName: string;
  surname: string;
  name: string;
  phone: string | null;
  email: string;
  identity: number;
  isActive: boolean;
  parentName: string | null;
  roleIds: number[];
  registered: string | null;
  row: number;
  label: string;
}

interface Known {
  users: Map<string, number>;
  phones: Map<string, string>;
  emails: Map<string, string>;
  roles: Map<string, number>;
}

/** The tenant's users and roles, once per import (10,000 rows are checked against maps, not 30,000 queries). */
async function loadKnown(ctx: RequestContext): Promise<Known> {
  const [users, roles] = await Promise.all([
    ctx.db.user.findMany({ select: { id: true, userName: true, normalizedUserName: true, phoneNumber: true, normalizedEmailAddress: true } }),
    ctx.db.role.findMany({ select: { id: true, name: true, normalizedName: true, displayName: true } }),
  ]);
  const known: Known = { users: new Map(), phones: new Map(), emails: new Map(), roles: new Map() };
  for (const u of users) {
    known.users.set(u.normalizedUserName, u.id);
    if (u.phoneNumber) known.phones.set(u.phoneNumber, u.userName);
    known.emails.set(u.normalizedEmailAddress, u.userName);
  }
  for (const r of roles) for (const n of [r.name, r.normalizedName, r.displayName]) known.roles.set(n.toUpperCase(), r.id);
  return known;
}

const randomPassword = () => {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 8 }, () => chars[randomInt(chars.length)]).join('');
};

function memberImporter(
  input: z.output<typeof ImportFromExcelInput>,
  known: Known,
  staff: boolean,
  fileName: string,
  culture: Culture,
): Importer<MemberRow, Checked> {
  const phonesInFile = new Map<string, number>();
  const emailsInFile = new Map<string, number>();
  const validNames = new Map<string, number>();
  const hashes = new Map<string, string>();
  const hashOf = (password: string) => hashes.get(password) ?? (hashes.set(password, hashPassword(password)), hashes.get(password)!);
  const createdIds = new Map<string, number>();
  const passwords: Array<{ row: number; userName: string; name: string; password: string }> = [];
  return {
    name: 'User.ImportFromExcel',
    title: '导入会员',
    async check(r, ctx) {
      const T = texts[ctx.culture];
      const problems: Array<{ member: string; message: string }> = [];
      const bad = (member: string, message: string) => problems.push({ member, message });
      const names = r.fullName
        ? splitName(r.fullName)
        : r.surname || r.givenName
          ? { surname: r.surname || r.givenName, name: r.givenName || r.surname }
          : null;
      if (!names) bad('name', T.missingName);
      const phone = r.phone ? normalizePhone(r.phone) : null;
      if (r.phone && !phone) bad('phoneNumber', T.badPhone);
      const mail = r.email ? r.email.normalize('NFKC').trim() : '';
      if (mail && !email.safeParse(mail).success) bad('emailAddress', T.badEmail);
      if (!r.phone && !mail) bad('phoneNumber', T.needContact);
      const userName = r.userName || phone || mail;
      if (userName && !USER_NAME.test(userName)) bad('userName', T.badUserName);
      const identity = r.identity ? IDENTITIES[r.identity.normalize('NFKC').trim().toLowerCase()] : 1;
      if (identity === undefined) bad('identity', T.badIdentity);
      else if (identity !== 1 && !staff) bad('identity', T.staffIdentity);
      const isActive = r.status ? STATUS[r.status.normalize('NFKC').trim().toLowerCase()] : true;
      if (isActive === undefined) bad('isActive', T.badStatus);
      const roleNames = (r.roles ?? '')
        .split(/[,，;；、]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const roleIds: number[] = [];
      for (const n of roleNames) {
        const id = known.roles.get(n.toUpperCase());
        if (id === undefined) bad('roleNames', T.unknownRole(n));
        else roleIds.push(id);
      }
      if (roleIds.length) {
        if (!staff) bad('roleNames', T.rolesNeedManages);
        else
          await assertCanChangeRoles(ctx, [], roleIds).catch((err: unknown) => {
            if (err instanceof ForbiddenError) bad('roleNames', T.rolesTooStrong);
            else throw err;
          });
      }
      const key = userName ? userName.toUpperCase() : null;
      const parentName = r.parent ? r.parent.trim() : null;
      if (parentName && !known.users.has(parentName.toUpperCase()) && !validNames.has(parentName.toUpperCase()))
        bad('parentId', T.unknownParent(parentName));
      // Registered elsewhere: a phone or e-mail of another user (the same user name is a duplicate, skipped).
      const registeredTo = (who: string | undefined) => who !== undefined && who.toUpperCase() !== key;
      if (phone) {
        if (registeredTo(known.phones.get(phone))) bad('phoneNumber', T.phoneTaken(known.phones.get(phone)!));
        else if (phonesInFile.has(phone)) bad('phoneNumber', T.phoneInFile(phonesInFile.get(phone)!));
      }
      const mailKey = mail.toUpperCase();
      if (mail) {
        if (registeredTo(known.emails.get(mailKey))) bad('emailAddress', T.emailTaken(known.emails.get(mailKey)!));
        else if (emailsInFile.has(mailKey)) bad('emailAddress', T.emailInFile(emailsInFile.get(mailKey)!));
      }
      if (input.passwordRule === 2 && !r.phone) bad('phoneNumber', T.needPhoneForPassword);
      if (phone && !phonesInFile.has(phone)) phonesInFile.set(phone, r.row);
      if (mail && !emailsInFile.has(mailKey)) emailsInFile.set(mailKey, r.row);
      if (problems.length)
        throw new AbpValidationError(
          problems
            .filter((p, i) => problems.findIndex((q) => q.message === p.message) === i)
            .map((p) => ({ message: p.message, members: [p.member] })),
        );
      if (key && !validNames.has(key)) validNames.set(key, r.row);
      const n = names!;
      return {
        value: {
          userName: userName,
          surname: n.surname,
          name: n.name,
          phone,
          email: mail || `${userName.toLowerCase()}@member.invalid`,
          identity: identity!,
          isActive: isActive!,
          parentName,
          roleIds,
          registered: r.registered ?? null,
          row: r.row,
          label: `${n.surname}${CJK.test(n.surname) ? '' : ' '}${n.name}`,
        },
        key,
      };
    },
    async existing(keys) {
      return new Map(keys.flatMap((k) => (known.users.has(k) ? [[k, known.users.get(k)!] as const] : [])));
    },
    async write(batch, tx) {
      const now = new Date();
      const data = batch.map(({ value: v }) => {
        const password = input.passwordRule === 1 ? input.password! : input.passwordRule === 2 ? v.phone!.slice(-6) : randomPassword();
        if (input.passwordRule === 3) passwords.push({ row: v.row, userName: v.userName, name: v.label, password });
        const parentKey = v.parentName?.toUpperCase();
        return {
          tenantId: tx.session.tenantId,
          userName: v.userName,
          normalizedUserName: v.userName.toUpperCase(),
          name: v.name,
          surname: v.surname,
          emailAddress: v.email,
          normalizedEmailAddress: v.email.toUpperCase(),
          phoneNumber: v.phone,
          isActive: v.isActive,
          identity: v.identity,
          parentId: parentKey ? (known.users.get(parentKey) ?? createdIds.get(parentKey) ?? null) : null,
          passwordHash: hashOf(password),
          securityStamp: randomUUID(),
          // A registration date kept from the old system: midnight UTC+8 of that day.
          creationTime: v.registered ? new Date(Date.parse(`${v.registered}T00:00:00+08:00`)) : now,
          creatorUserId: tx.session.userId,
        };
      });
      const created = await insertUsers(tx, data);
      for (const c of created) createdIds.set(c.normalizedUserName, c.id);
      // Parents that are rows of this same batch get their id now.
      for (const { value: v } of batch) {
        const parentKey = v.parentName?.toUpperCase();
        if (parentKey && !known.users.has(parentKey)) {
          const parentId = createdIds.get(parentKey);
          const id = createdIds.get(v.userName.toUpperCase());
          if (parentId !== undefined && id !== undefined) await tx.db.user.update({ where: { id }, data: { parentId } });
        }
      }
      const links = batch.flatMap(({ value: v }) =>
        v.roleIds.map((roleId) => ({ userId: createdIds.get(v.userName.toUpperCase())!, roleId, tenantId: tx.session.tenantId })),
      );
      if (links.length) await tx.db.userRole.createMany({ data: links });
      return batch.map(({ value: v }) => createdIds.get(v.userName.toUpperCase()) ?? 0);
    },
    locate(member) {
      const col = MEMBER_COLUMNS.find((c) => memberColumn[member ?? ''] === c.key);
      return { column: col ? col.header['zh-Hans'] : null };
    },
    async files(jobCtx, committed) {
      if (!committed || input.passwordRule !== 3 || !passwords.length) return undefined;
      return { passwords: await passwordFile(jobCtx, passwords, fileName, culture) };
    },
  };
}

type NewUser = Record<
  'userName' | 'normalizedUserName' | 'name' | 'surname' | 'emailAddress' | 'normalizedEmailAddress' | 'passwordHash' | 'securityStamp',
  string
> &
  Record<'phoneNumber', string | null> &
  Record<'tenantId' | 'parentId' | 'creatorUserId', number | null> & { identity: number; isActive: boolean; creationTime: Date };

/**
 * One multi-row INSERT … RETURNING per batch: Prisma's createMany splits a
 * batch into statements of a few rows each and costs several times more
 * (prisma/seed/bulk-users.ts measured 10x). Tenant and audit columns are
 * written here (raw SQL passes the data filters); values in the adapter's
 * own formats (ISO 8601 with +00:00, booleans 0/1), so Prisma reads them back as its own.
 */
async function insertUsers(tx: RequestContext, rows: readonly NewUser[]): Promise<Array<{ id: number; normalizedUserName: string }>> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!) as Array<keyof NewUser>;
  const cell = (v: NewUser[keyof NewUser]) => (v instanceof Date ? v.toISOString().replace('Z', '+00:00') : typeof v === 'boolean' ? (v ? 1 : 0) : v);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const sql = `INSERT INTO "User" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${rows.map(() => tuple).join(',')} RETURNING "id", "normalizedUserName"`;
  const out = await tx.db.$queryRawUnsafe<Array<{ id: number | bigint; normalizedUserName: string }>>(
    sql,
    ...rows.flatMap((r) => columns.map((c) => cell(r[c]))),
  );
  return out.map((r) => ({ id: Number(r.id), normalizedUserName: r.normalizedUserName }));
}

/** Which column a checked member name comes from (for the error's place). */
const memberColumn: Readonly<Record<string, string>> = {
  name: 'fullName',
  phoneNumber: 'phone',
  emailAddress: 'email',
  userName: 'userName',
  identity: 'identity',
  isActive: 'status',
  roleNames: 'roles',
  parentId: 'parent',
};

async function passwordFile(
  jobCtx: Parameters<NonNullable<Importer<MemberRow, Checked>['files']>>[0],
  rows: Array<{ row: number; userName: string; name: string; password: string }>,
  fileName: string,
  culture: Culture,
): Promise<FileDto> {
  const T = texts[culture];
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(T.passwordsSheet);
  sheet.addRow(T.passwordsHeaders);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([r.row, r.userName, r.name, r.password]);
  sheet.columns.forEach((c) => (c.width = 18));
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return jobCtx.saveTempFile({ fileName: T.passwordsName(fileName.replace(/\.[^.]+$/, '')), contentType: XLSX_TYPE, bytes });
}

export const memberImportHandlers: Pick<HandlersOf<typeof UserService>, 'GetMemberImportTemplate' | 'ImportFromExcel'> = {
  GetMemberImportTemplate: async () => {
    const bytes = await templateWorkbook(
      MEMBER_COLUMNS.filter((c) => c.key !== 'surname' && c.key !== 'givenName'),
      'zh-Hans',
      TEMPLATE_ROWS,
      { sheetName: '会员', lists: { identity: ['普通会员', '教师', '管理员'], status: ['启用', '禁用'] }, notes: TEMPLATE_NOTES },
    );
    return { blob: new Blob([Buffer.from(bytes)], { type: XLSX_TYPE }), fileName: '会员导入模板.xlsx', contentType: XLSX_TYPE };
  },
  ImportFromExcel: async (input, ctx) => {
    const T = texts[ctx.culture];
    if (input.passwordRule === 1 && !input.password) invalid('password', T.needPassword);
    const fileName = input.file instanceof File ? input.file.name : 'members.xlsx';
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const table = await readTable({ name: fileName, bytes }, MEMBER_COLUMNS, ctx.culture, { maxRows: MEMBER_IMPORT_MAX_ROWS });
    if (!table.found.has('fullName') && !table.found.has('surname') && !table.found.has('givenName')) fileError(T.noNameColumn);
    const [known, staff] = await Promise.all([loadKnown(ctx), managesStaff(ctx)]);
    const items: Array<ImportItem<MemberRow>> = table.rows.map((r) => ({
      row: r.row,
      question: null,
      label: r.values.fullName || `${r.values.surname ?? ''}${r.values.givenName ?? ''}` || r.values.userName || '',
      input: r.errors.length ? null : { ...(r.values as RowValues<typeof MEMBER_COLUMNS>), row: r.row },
      errors: r.errors,
      cells: r.cells,
    }));
    return startImport(ctx, memberImporter(input, known, staff, fileName, ctx.culture), items, {
      fileName,
      mode: input.mode,
      allOrNothing: input.allOrNothing,
      headers: table.headers,
      target: { passwordRule: input.passwordRule },
    });
  },
};
