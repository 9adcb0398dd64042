import { randomInt, randomUUID } from 'node:crypto';
import { loadExcel } from '../kit/lazy.ts';
import { MEMBER_IMPORT_MAX_ROWS, placeholderEmail, type FileDto, type ImportFromExcelInput, type UserService } from '@edu/sdk';
import { hashPassword, ownStatement, sqliteConnection, writeVersions } from '@edu/db';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { AbpValidationError, ForbiddenError, invalid } from '../kit/errors.ts';
import { fileError, readTable, type RowValues, type TableRow } from '../kit/import/reading.ts';
import { startImport, type ImportItem, type Importer } from '../kit/import/running.ts';
import { templateWorkbook } from '../kit/import/workbooks.ts';
import { assertCanChangeRoles } from '../kit/privilege.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import { type Culture, textsIn } from '../localization/texts.ts';
import {
  CJK,
  email,
  IDENTITIES,
  MEMBER_COLUMNS,
  normalizePhone,
  splitName,
  STATUS,
  TEMPLATE_NOTES,
  TEMPLATE_ROWS,
  USER_NAME,
  type MemberRow,
} from './import-sheet.ts';
import { managesStaff } from './scope.ts';

/**
 * Member import (`User/ImportFromExcel`, `User/GetMemberImportTemplate`;
 * SDK services/member.ts; docs/architecture/imports.md, "Members"),
 * through the import kit: read the sheet by declared columns
 * (members/import-sheet.ts), check every row against the tenant's users
 * (loaded once per import, not per row),
 * skip user names already registered (so a re-import creates nothing),
 * write in batches in one transaction. Passwords are hashed once per
 * distinct password (rule 1: once per import).
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  /** The tenant's default roles (ABP's `isDefault`, 会员 in the seed): what a member gets when its row names none. */
  defaultRoleIds: number[];
}

/** The tenant's users and roles, once per import (10,000 rows are checked against maps, not 30,000 queries). */
async function loadKnown(ctx: RequestContext): Promise<Known> {
  const [users, roles] = await Promise.all([
    ctx.db.user.findMany({ select: { id: true, userName: true, normalizedUserName: true, phoneNumber: true, normalizedEmailAddress: true } }),
    ctx.db.role.findMany({ select: { id: true, name: true, normalizedName: true, displayName: true, isDefault: true } }),
  ]);
  const known: Known = {
    users: new Map(),
    phones: new Map(),
    emails: new Map(),
    roles: new Map(),
    defaultRoleIds: roles.filter((r) => r.isDefault).map((r) => r.id),
  };
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
    title: 'MemberImportTitle',
    async check(r, ctx) {
      const T = textsIn(ctx.culture);
      const problems: Array<{ member: string; message: string }> = [];
      const bad = (member: string, message: string) => problems.push({ member, message });
      const names = r.fullName
        ? splitName(r.fullName)
        : r.surname || r.givenName
          ? { surname: r.surname || r.givenName, name: r.givenName || r.surname }
          : null;
      if (!names) bad('name', T('MemberImportMissingName'));
      const phone = r.phone ? normalizePhone(r.phone) : null;
      if (r.phone && !phone) bad('phoneNumber', T('MemberImportBadPhone'));
      const mail = r.email ? r.email.normalize('NFKC').trim() : '';
      if (mail && !email.safeParse(mail).success) bad('emailAddress', T('MemberImportBadEmail'));
      if (!r.phone && !mail) bad('phoneNumber', T('MemberImportNeedContact'));
      const userName = r.userName || phone || mail;
      if (userName && !USER_NAME.test(userName)) bad('userName', T('MemberImportBadUserName'));
      const identity = r.identity ? IDENTITIES[r.identity.normalize('NFKC').trim().toLowerCase()] : 1;
      if (identity === undefined) bad('identity', T('MemberImportBadIdentity'));
      else if (identity !== 1 && !staff) bad('identity', T('MemberImportStaffIdentity'));
      const isActive = r.status ? STATUS[r.status.normalize('NFKC').trim().toLowerCase()] : true;
      if (isActive === undefined) bad('isActive', T('MemberImportBadStatus'));
      const roleNames = (r.roles ?? '')
        .split(/[,，;；、]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const roleIds: number[] = [];
      for (const n of roleNames) {
        const id = known.roles.get(n.toUpperCase());
        if (id === undefined) bad('roleNames', T('MemberImportUnknownRole', n));
        else roleIds.push(id);
      }
      if (roleIds.length) {
        if (!staff) bad('roleNames', T('MemberImportRolesNeedManages'));
        else
          await assertCanChangeRoles(ctx, [], roleIds).catch((err: unknown) => {
            if (err instanceof ForbiddenError) bad('roleNames', T('MemberImportRolesTooStrong'));
            else throw err;
          });
      }
      const key = userName ? userName.toUpperCase() : null;
      const parentName = r.parent ? r.parent.trim() : null;
      if (parentName && !known.users.has(parentName.toUpperCase()) && !validNames.has(parentName.toUpperCase()))
        bad('parentId', T('MemberImportUnknownParent', parentName));
      // Registered elsewhere: a phone or e-mail of another user (the same user name is a duplicate, skipped).
      const registeredTo = (who: string | undefined) => who !== undefined && who.toUpperCase() !== key;
      if (phone) {
        if (registeredTo(known.phones.get(phone))) bad('phoneNumber', T('MemberImportPhoneTaken', known.phones.get(phone)!));
        else if (phonesInFile.has(phone)) bad('phoneNumber', T('MemberImportPhoneInFile', phonesInFile.get(phone)!));
      }
      const mailKey = mail.toUpperCase();
      if (mail) {
        if (registeredTo(known.emails.get(mailKey))) bad('emailAddress', T('MemberImportEmailTaken', known.emails.get(mailKey)!));
        else if (emailsInFile.has(mailKey)) bad('emailAddress', T('MemberImportEmailInFile', emailsInFile.get(mailKey)!));
      }
      if (input.passwordRule === 2 && !r.phone) bad('phoneNumber', T('MemberImportNeedPhoneForPassword'));
      if (phone && !phonesInFile.has(phone)) phonesInFile.set(phone, r.row);
      if (mail && !emailsInFile.has(mailKey)) emailsInFile.set(mailKey, r.row);
      // What reading the cells found wrong (a date that is no date) is reported with the rest, every error of the row at once.
      for (const e of r.readErrors ?? []) bad(`${CELL_MEMBER}${e.column ?? ''}`, e.reason);
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
          email: mail || placeholderEmail(userName),
          identity: identity!,
          isActive: isActive!,
          parentName,
          // A member whose row names no role gets the default roles, as seeded and registered members have.
          roleIds: roleIds.length || identity !== 1 ? roleIds : known.defaultRoleIds,
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
      if (member?.startsWith(CELL_MEMBER)) return { column: member.slice(CELL_MEMBER.length) || null };
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
 * The statement is compiled on Prisma's own connection (inside the import's
 * open transaction, as Prisma's raw query would run) and reported to the
 * write versions first, as kit/sql-insert.ts does: through Prisma's raw path
 * a 10,000-member import's batches held about 45 MB more at the server's peak
 * (its WebAssembly memory grows with the bound values and never shrinks).
 */
async function insertUsers(tx: RequestContext, rows: readonly NewUser[]): Promise<Array<{ id: number; normalizedUserName: string }>> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!) as Array<keyof NewUser>;
  const cell = (v: NewUser[keyof NewUser]) => (v instanceof Date ? v.toISOString().replace('Z', '+00:00') : typeof v === 'boolean' ? (v ? 1 : 0) : v);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const sql = `INSERT INTO "User" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${rows.map(() => tuple).join(',')} RETURNING "id", "normalizedUserName"`;
  const values = rows.flatMap((r) => columns.map((c) => cell(r[c])));
  const db = sqliteConnection(tx.prisma);
  type Created = { id: number | bigint; normalizedUserName: string };
  let out: Created[];
  if (db) {
    writeVersions(tx.prisma).observe(sql);
    out = ownStatement(db, sql).all(...values) as Created[];
  } else out = await tx.db.$queryRawUnsafe<Created[]>(sql, ...values);
  return out.map((r) => ({ id: Number(r.id), normalizedUserName: r.normalizedUserName }));
}

/**
 * The import's items, one per sheet row. Each input lists its own members before the row's values: an object
 * literal that starts with a spread is built on V8's slow path, which gave each of 10,000 inputs a hidden class
 * of its own (about 450 bytes each, 4.5 MB held through the import); built this way they share a few.
 */
export function memberItems(rows: ReadonlyArray<TableRow<Partial<RowValues<typeof MEMBER_COLUMNS>>>>): Array<ImportItem<MemberRow>> {
  return rows.map((r) => ({
    row: r.row,
    question: null,
    label: r.values.fullName || `${r.values.surname ?? ''}${r.values.givenName ?? ''}` || r.values.userName || '',
    // Rows with cell errors are checked too (their errors travel in the input), so a row's errors come all at once.
    input: { row: r.row, readErrors: r.errors, ...(r.values as RowValues<typeof MEMBER_COLUMNS>) },
    errors: [],
    cells: r.cells,
  }));
}

/** The member name of a cell-reading error: this prefix and the column's header as the file has it. */
const CELL_MEMBER = 'cell:';

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
  const T = textsIn(culture);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(T('MemberImportPasswordsSheet'));
  sheet.addRow([
    T('MemberImportPasswordsRowHeader'),
    T('MemberImportPasswordsUserNameHeader'),
    T('MemberImportPasswordsNameHeader'),
    T('MemberImportPasswordsPasswordHeader'),
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([r.row, r.userName, r.name, r.password]);
  sheet.columns.forEach((c) => (c.width = 18));
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return jobCtx.saveTempFile({ fileName: T('MemberImportPasswordsName', fileName.replace(/\.[^.]+$/, '')), contentType: XLSX_TYPE, bytes });
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
    const T = textsIn(ctx.culture);
    if (input.passwordRule === 1 && !input.password) invalid('password', T('MemberImportNeedPassword'));
    const fileName = input.file instanceof File ? input.file.name : 'members.xlsx';
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const table = await readTable({ name: fileName, bytes }, MEMBER_COLUMNS, ctx, { maxRows: MEMBER_IMPORT_MAX_ROWS });
    if (!table.found.has('fullName') && !table.found.has('surname') && !table.found.has('givenName')) fileError(T('MemberImportNoNameColumn'));
    const [known, staff] = await Promise.all([loadKnown(ctx), managesStaff(ctx)]);
    return startImport(ctx, memberImporter(input, known, staff, fileName, ctx.culture), memberItems(table.rows), {
      fileName,
      mode: input.mode,
      allOrNothing: input.allOrNothing,
      headers: table.headers,
      target: { passwordRule: input.passwordRule },
    });
  },
};
