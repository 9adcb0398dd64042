// The server's texts that are not made from the SDK's declarations: the framework sources and the
// Education tables, with `localize` over them. The read pool's worker (kit/import/read-worker.ts) and
// the modules it shares with the server read their texts here, so a worker thread does not evaluate
// the SDK's services (texts.ts adds the permission and review-registry texts made from them).
import { contentTexts } from './content-texts.ts';
import { structureTexts } from './structure-texts.ts';
import { questionTexts } from './question-texts.ts';
import { paperTexts } from './paper-texts.ts';
import { questionnaireTexts } from './questionnaire-texts.ts';
import { siteMessageTexts } from './site-message-texts.ts';
import { feedbackTexts } from './feedback-texts.ts';
import { roleTexts } from './role-texts.ts';
import { identityTexts } from './identity-texts.ts';
import { moneyTexts } from './money-texts.ts';
import { uploadTexts } from './upload-texts.ts';
import { auditTexts } from './audit-texts.ts';
import { askTexts } from './ask-texts.ts';
import { importTexts } from './import-texts.ts';
import { fileReadingTexts } from './file-reading-texts.ts';
import { memberImportTexts } from './member-import-texts.ts';
import { questionImportTexts } from './question-import-texts.ts';
import { jobTexts } from './job-texts.ts';

/** The cultures the mock localizes; anything else falls back to its parent or the default. */
export const CULTURES = ['zh-Hans', 'en'] as const;
export type Culture = (typeof CULTURES)[number];
export const DEFAULT_CULTURE: Culture = 'zh-Hans';

/** A localization source: each culture's texts by key. */
export type Source = Record<Culture, Record<string, string>>;

const abpWeb = {
  en: {
    DefaultError: 'An error has occurred!',
    InternalServerError: 'An internal error occurred during your request!',
    ValidationError: 'Your request is not valid!',
    ValidationNarrativeTitle: 'The following errors were detected during validation.',
    CurrentUserDidNotLoginToTheApplication: 'Current user did not login to the application!',
    AtLeastOneOfThesePermissionsMustBeGranted: 'Required permissions are not granted. At least one of these permissions must be granted: {0}',
    EntityNotFound: 'There is no entity {0} with id = {1}!',
    RequestBodyTooLarge: 'The request body is too large.',
    InvalidJson: 'The JSON value could not be parsed.',
    InvalidMultipart: 'The multipart body could not be parsed.',
    QueryAndBodyDiffer: '{0}: the query string and the body name different values.',
    FieldIsRequired: 'The {0} field is required.',
    TextHasLoneSurrogate: 'Contains an invalid Unicode character (lone surrogate)',
    TextHasControlCharacter: 'Contains a control character text may not hold',
  },
  'zh-Hans': {
    DefaultError: '发生错误!',
    InternalServerError: '对不起,在处理您的请求期间,产生了一个服务器内部错误!',
    ValidationError: '您的请求无效!',
    ValidationNarrativeTitle: '验证过程中检测到以下错误',
    CurrentUserDidNotLoginToTheApplication: '当前用户没有登录到系统！',
    AtLeastOneOfThesePermissionsMustBeGranted: '缺少以下权限之一，无法执行此操作：{0}',
    EntityNotFound: '实体 {0} 不存在,id = {1}!',
    RequestBodyTooLarge: '请求内容过大。',
    InvalidJson: '无法解析 JSON 内容。',
    InvalidMultipart: '无法解析 multipart 表单内容。',
    QueryAndBodyDiffer: '{0}：查询字符串与请求体中的值不一致。',
    FieldIsRequired: '{0} 字段是必需的。',
    TextHasLoneSurrogate: '包含无效的 Unicode 字符（孤立代理项）',
    TextHasControlCharacter: '包含不允许的控制字符',
  },
} satisfies Source;

const abpZero = {
  en: {
    LoginFailed: 'Login failed!',
    InvalidUserNameOrPassword: 'Invalid user name or password',
    UserIsNotActiveAndCanNotLogin: 'User {0} is not active and can not log in.',
    UserLockedOutMessage: 'The user account has been locked out. Please try again later.',
    UserLockedOutUntil: 'The user account is locked out until {0} (UTC). Please try again later.',
    ThereIsNoTenantDefinedWithName: 'There is no tenant defined with name {0}',
    TenantIsNotActive: 'Tenant {0} is not active.',
    Identity_DuplicateUserName: "User name '{0}' is already taken.",
    Identity_DuplicateEmail: "Email '{0}' is already taken.",
    Identity_DuplicateRoleName: "Role name '{0}' is already taken.",
    TenancyNameIsAlreadyTaken: 'Tenancy name {0} is already taken.',
    CanNotDeleteAdminUser: 'Can not delete the admin user of a tenant.',
    CanNotDeleteStaticRole: 'Can not delete a static role: {0}',
    CanNotRenameStaticRole: 'Can not rename a static role: {0}',
    CanNotRenameAdminUser: 'Can not rename the admin user.',
    CanNotDeleteYourself: 'You can not delete your own account.',
    WrongAdminPassword: 'Your password is wrong.',
    OnlyAdminsCanResetPasswords: 'Only members of the Admin role can reset passwords.',
    UnknownRole: 'There is no role named {0}.',
    UnknownUser: 'There is no user with id {0}.',
    UnknownPermission: 'There is no permission named {0}.',
    ParentCycle: 'A user cannot be placed under itself or one of its descendants.',
    CanNotDeleteDefaultTenant: 'The Default tenant cannot be deleted.',
    UnknownLanguage: 'There is no language named {0}.',
    UnknownSortField: "Can not sort by '{0}'.",
  },
  'zh-Hans': {
    LoginFailed: '登录失败!',
    InvalidUserNameOrPassword: '用户名或密码无效',
    UserIsNotActiveAndCanNotLogin: '用户 {0} 未激活，不能登录。',
    UserLockedOutMessage: '账户已被锁定，请稍后再试。',
    UserLockedOutUntil: '账户已被锁定，请于 {0}（UTC）后重试。',
    ThereIsNoTenantDefinedWithName: '租户 {0} 不存在',
    TenantIsNotActive: '租户 {0} 未激活。',
    Identity_DuplicateUserName: '用户名 {0} 已被使用。',
    Identity_DuplicateEmail: '邮箱 {0} 已被使用。',
    Identity_DuplicateRoleName: '角色名 {0} 已被使用。',
    TenancyNameIsAlreadyTaken: '租户名 {0} 已被使用。',
    CanNotDeleteAdminUser: '不能删除租户的 admin 用户。',
    CanNotDeleteStaticRole: '不能删除静态角色：{0}',
    CanNotRenameStaticRole: '不能修改静态角色的名称：{0}',
    CanNotRenameAdminUser: '不能修改 admin 用户的用户名。',
    CanNotDeleteYourself: '不能删除自己的账户。',
    WrongAdminPassword: '您的密码不正确。',
    OnlyAdminsCanResetPasswords: '只有管理员角色的成员才能重置密码。',
    UnknownRole: '角色 {0} 不存在。',
    UnknownUser: '用户 {0} 不存在。',
    UnknownPermission: '权限 {0} 不存在。',
    ParentCycle: '不能把用户放在自己或自己的下级之下。',
    CanNotDeleteDefaultTenant: '不能删除默认租户 Default。',
    UnknownLanguage: '语言 {0} 不存在。',
    UnknownSortField: '不能按 {0} 排序。',
  },
} satisfies Source;

const abp = {
  en: { Yes: 'Yes', No: 'No', Cancel: 'Cancel', Save: 'Save', AreYouSure: 'Are you sure?' },
  'zh-Hans': { Yes: '是', No: '否', Cancel: '取消', Save: '保存', AreYouSure: '您确定吗？' },
} satisfies Source;

/** The review state machine's own texts (kit/review.ts). */
const reviewTexts = {
  en: {
    ReviewChangedMeanwhile: 'Someone else decided on this item meanwhile; reload and try again.',
    ReviewHistoryOfUnknownEntity: 'There is no reviewable entity named {0}.',
  },
  'zh-Hans': {
    ReviewChangedMeanwhile: '该内容刚刚已被其他审核人处理，请刷新后再试。',
    ReviewHistoryOfUnknownEntity: '没有名为 {0} 的可审核实体。',
  },
} satisfies Source;

/** The Education source's own keys (and texts every list shares); the areas' tables are merged in below. */
const educationTexts = {
  en: {
    AppName: 'Online Education & Testing Platform',
    Identity_General: 'General member',
    Identity_Teacher: 'Teacher',
    Identity_Administrator: 'Administrator',
    DateRangeReversed: 'The end date is before the start date.',
    CannotSortBy: 'Cannot sort by "{0}".',
    ListSeparator: ', ',
  },
  'zh-Hans': {
    AppName: '在线教育考试平台',
    Identity_General: '普通会员',
    Identity_Teacher: '教师',
    Identity_Administrator: '管理员',
    DateRangeReversed: '结束日期不能早于开始日期。',
    CannotSortBy: '无法按“{0}”排序。',
    ListSeparator: '、',
  },
} satisfies Source;

/**
 * The areas' tables merged into the Education source (one file each under
 * localization/); a key belongs to one table only (checked by texts.test.ts).
 */
export const EDUCATION_TABLES = [
  educationTexts,
  reviewTexts,
  contentTexts,
  structureTexts,
  questionTexts,
  paperTexts,
  questionnaireTexts,
  siteMessageTexts,
  feedbackTexts,
  roleTexts,
  identityTexts,
  moneyTexts,
  uploadTexts,
  auditTexts,
  askTexts,
  importTexts,
  fileReadingTexts,
  memberImportTexts,
  questionImportTexts,
  jobTexts,
] as const satisfies readonly Source[];

/** The keys a table holds, in either culture (each member of a union of tables). */
type KeysOf<T extends Record<Culture, object>> = T extends Record<Culture, object> ? keyof T['en'] | keyof T['zh-Hans'] : never;

/**
 * Every key the server's texts have: `localize` and `ctx.t` take only these,
 * so a key missing from the zh-Hans/en tables is a compile error. The
 * registry's names (`Reviewable:`, `UsedBy:`, `Permission:`) are generated
 * from the SDK in texts.ts; a key read from data is checked by `isTextKey`.
 */
export type TextKey =
  | KeysOf<typeof abp>
  | KeysOf<typeof abpWeb>
  | KeysOf<typeof abpZero>
  | KeysOf<(typeof EDUCATION_TABLES)[number]>
  | `Reviewable:${string}`
  | `UsedBy:${string}`
  | `Permission:${string}`;

/** The keys of the tables here, without the names texts.ts makes from the SDK. */
export type TableTextKey = Exclude<TextKey, `Reviewable:${string}` | `UsedBy:${string}` | `Permission:${string}`>;

/** The Education tables merged into one source (a key belongs to one table only, checked by texts.test.ts). */
function educationTables(): Source {
  const out: Source = { en: {}, 'zh-Hans': {} };
  for (const table of EDUCATION_TABLES) {
    Object.assign(out.en, table.en);
    Object.assign(out['zh-Hans'], table['zh-Hans']);
  }
  return out;
}

/** The sources in the order `localize` searches them; texts.ts completes Education with the SDK's names. */
export const TABLE_SOURCES: Record<string, Source> = {
  Abp: abp,
  AbpWeb: abpWeb,
  AbpZero: abpZero,
  Education: educationTables(),
};

/** `L(key, args)` in the given culture over `sources`, searched in order; `{0}` style arguments. */
export function lookUp(sources: Record<string, Source>, culture: Culture, key: string, args: ReadonlyArray<string | number>): string {
  for (const source of Object.values(sources)) {
    const text = source[culture][key] ?? source.en[key];
    // One pass, as string.Format: an argument's own `{1}` (a file name, say) is kept as written.
    if (text !== undefined) return text.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole));
  }
  return key;
}

/** `localize` of texts.ts for the tables' keys (the same text: the SDK's names only add keys of their own). */
export function localize(culture: Culture, key: TableTextKey, ...args: Array<string | number>): string {
  return lookUp(TABLE_SOURCES, culture, key, args);
}

/** `localize` bound to a culture. */
export function textsIn(culture: Culture): (key: TableTextKey, ...args: Array<string | number>) => string {
  return (key, ...args) => localize(culture, key, ...args);
}
