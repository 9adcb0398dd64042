import { localize } from '../localization/texts.ts';
import type { ImportRowError } from '@edu/sdk';
import { z } from 'zod';
import { column, dateCell, textCell, type RowValues } from '../kit/import/reading.ts';
import { lookupTable } from '../kit/lookup.ts';

/** The member sheet: its columns, the template's rows and notes, and how names, phones, identities and states are read. */

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
  column('registered', h('注册日期', 'Registered'), dateCell(h(localize('zh-Hans', 'MemberImportBadDate'), localize('en', 'MemberImportBadDate'))), {
    aliases: ['注册时间', 'Registration date'],
    width: 14,
  }),
] as const;

/** A sheet row to check: the cells that read, its row number and what reading the others found wrong. */
export type MemberRow = RowValues<typeof MEMBER_COLUMNS> & { row: number; readErrors?: ImportRowError[] };

export const TEMPLATE_ROWS = [
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
export const TEMPLATE_NOTES = [
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

// Keyed by cell text: no prototype, so a cell reading `constructor` or `__proto__` is an unknown value.
export const IDENTITIES = lookupTable({
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
});
export const STATUS = lookupTable({
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
});
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
export const CJK = /[\u3400-\u9fff]/;
export const USER_NAME = /^[A-Za-z0-9_.@-]{2,32}$/;
export const email = z.email().max(256);

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
