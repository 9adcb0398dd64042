import {
  chinaDayRange,
  Permissions,
  SiteMessageDto,
  SiteMessageListDto,
  SiteMessageReplyDto,
  SiteMessageService,
  type GetAllSiteMessageInput,
} from '@edu/sdk';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { tenantOf } from '../kit/context.ts';
import { getOr404, pagedList, type ModelCrud, type RowOf, type WhereOf } from '../kit/crud.ts';
import { distinctIds } from '../kit/content.ts';
import { dtoMapper } from '../kit/dto.ts';
import { AbpValidationError, EntityNotFoundError, invalid } from '../kit/errors.ts';
import { notificationRow, pushNotification, type NotifyInput } from '../kit/notifier.ts';
import { iso } from '../kit/paging.ts';
import type { SessionUser } from '../kit/permission-checker.ts';
import { implement } from '../kit/register-service.ts';
import { personName, userOption, userOptionSelect, userSearchWhere } from '../kit/user-options.ts';
import { effectiveSettings } from '../kit/settings.ts';
import { localize, resolveCulture } from '../localization/texts.ts';
import { roleDisplayName } from '../identity/roles.ts';

// Site messages: docs/architecture/domain-rules.md, "Community"; shapes in packages/sdk/src/services/site-message.ts.

const STAFF = Permissions.OthersSiteMessage;
const GENERAL = 1;
const KIND = { User: 1, Role: 2, Everyone: 3 } as const;
/** Recipient rows per INSERT: 3 bound values each, well under SQLite's 32766. */
const RECIPIENT_BATCH = 5000;

type Message = RowOf<'SiteMessage'>;
type MessageWhere = WhereOf<'SiteMessage'>;
type ListRow = z.infer<typeof SiteMessageListDto>;

/** The caller, whether they act as the platform (staff), and when they registered (members see "everyone" messages sent since). */
interface Caller {
  user: SessionUser;
  staff: boolean;
  registered: Date;
}

async function callerOf(ctx: RequestContext): Promise<Caller> {
  const user = await ctx.requireUser();
  const row = await ctx.prisma.user.findUnique({ where: { id: user.id }, select: { creationTime: true } });
  return { user, staff: user.granted.has(STAFF), registered: row?.creationTime ?? new Date(0) };
}

/** Messages addressed to the caller: a recipient row of kinds 1 and 2, or kind 3 sent since a member registered. */
function addressedTo(c: Caller): MessageWhere {
  const OR: MessageWhere[] = [{ recipientKind: { in: [KIND.User, KIND.Role] }, recipients: { some: { userId: c.user.id } } }];
  if (c.user.identity === GENERAL) OR.push({ recipientKind: KIND.Everyone, creationTime: { gte: c.registered } });
  return { OR };
}
const readBy = (userId: number): MessageWhere => ({ recipients: { some: { userId, readTime: { not: null } } } });
const unreadBy = (userId: number): MessageWhere => ({ recipients: { none: { userId, readTime: { not: null } } } });

function isAddressed(c: Caller, m: Message, receipt: boolean): boolean {
  if (m.recipientKind === KIND.Everyone) return c.user.identity === GENERAL && m.creationTime >= c.registered;
  return receipt;
}

/** Members counted as recipients of a kind 3 message: members of its tenant registered by the time it was sent. */
function membersBy(ctx: RequestContext, m: Message) {
  return ctx.prisma.user.count({ where: { tenantId: m.tenantId, identity: GENERAL, isDeleted: false, creationTime: { lte: m.creationTime } } });
}

async function userNames(ctx: RequestContext, ids: number[]) {
  const users = ids.length ? await ctx.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, surname: true } }) : [];
  return new Map(users.map((u) => [u.id, personName(u)]));
}

/** A user's name as a thread shows it: the full name, a repeated part once (seed users such as admin/admin). */

const listDto = dtoMapper(SiteMessageListDto);
const fullDto = dtoMapper(SiteMessageDto);
const replyDto = dtoMapper(SiteMessageReplyDto);

/** A page of messages as the caller sees them: names, read counts and the caller's own read state in a few queries per page. */
async function toListDtos(rows: Message[], ctx: RequestContext, c: Caller): Promise<ListRow[]> {
  const ids = rows.map((r) => r.id);
  const roleIds = distinctIds(rows.map((r) => (r.recipientKind === KIND.Role ? r.recipientRoleId : null)));
  const [names, roles, reads, mine, everyone] = await Promise.all([
    userNames(ctx, distinctIds(rows.flatMap((r) => [r.creatorUserId, r.recipientKind === KIND.User ? r.recipientUserId : null]))),
    roleIds.length
      ? ctx.prisma.role.findMany({ where: { id: { in: roleIds } }, select: { id: true, name: true, displayName: true } })
      : Promise.resolve([]),
    ids.length
      ? ctx.db.siteMessageRecipient.groupBy({ by: ['messageId'], where: { messageId: { in: ids }, readTime: { not: null } }, _count: { _all: true } })
      : Promise.resolve([]),
    ids.length ? ctx.db.siteMessageRecipient.findMany({ where: { messageId: { in: ids }, userId: c.user.id } }) : Promise.resolve([]),
    Promise.all(rows.map((r) => (r.recipientKind === KIND.Everyone ? membersBy(ctx, r) : Promise.resolve(r.recipientCount)))),
  ]);
  const roleName = new Map(roles.map((r) => [r.id, roleDisplayName(ctx.culture, r)]));
  const readCount = new Map(reads.map((g) => [g.messageId, g._count._all]));
  const receipt = new Map(mine.map((r) => [r.messageId, r]));
  return rows.map((r, i) => {
    const own = receipt.get(r.id);
    const recipient = isAddressed(c, r, own !== undefined);
    return listDto(r, {
      recipientKind: SiteMessageListDto.shape.recipientKind.parse(r.recipientKind),
      recipientName:
        r.recipientKind === KIND.User
          ? (names.get(r.recipientUserId ?? 0) ?? null)
          : r.recipientKind === KIND.Role
            ? (roleName.get(r.recipientRoleId ?? 0) ?? null)
            : null,
      recipientCount: everyone[i]!,
      readCount: readCount.get(r.id) ?? 0,
      isRecipient: recipient,
      isRead: recipient && own?.readTime != null,
      creatorName: names.get(r.creatorUserId ?? 0) ?? null,
      lastReplyTime: iso(r.lastReplyTime),
    });
  });
}

/** The thread as the caller may see it: staff see every reply; a member the platform's replies to everyone and their own conversation. */
async function repliesFor(ctx: RequestContext, messageId: number, c: Caller) {
  const visible: WhereOf<'SiteMessageReply'> = c.staff ? {} : { OR: [{ fromPlatform: true, memberUserId: null }, { memberUserId: c.user.id }] };
  const rows = await ctx.db.siteMessageReply.findMany({ where: { AND: [{ messageId }, visible] }, orderBy: { id: 'asc' } });
  const names = await userNames(ctx, distinctIds(rows.flatMap((r) => [r.creatorUserId, r.memberUserId])));
  return rows.map((r) =>
    replyDto(r, {
      creatorName: names.get(r.creatorUserId ?? 0) ?? null,
      memberName: r.memberUserId === null ? null : (names.get(r.memberUserId) ?? null),
    }),
  );
}

async function detail(ctx: RequestContext, row: Message, c: Caller): Promise<SiteMessageDto> {
  const [item] = await toListDtos([row], ctx, c);
  return fullDto(row, { ...item!, content: row.content, replies: await repliesFor(ctx, row.id, c) });
}

/** The message the caller may open: any of the tenant for staff, else one addressed to them (another's is a 404, not a 403: it does not exist for them). */
async function visibleMessage(ctx: RequestContext, id: number, c: Caller): Promise<Message> {
  const row = await ctx.db.siteMessage.findFirst({ where: c.staff ? { id } : { AND: [{ id }, addressedTo(c)] } });
  if (!row) throw new EntityNotFoundError('SiteMessage', id);
  return row;
}

/** Marks the message read for a recipient: their row of kinds 1 and 2, a receipt row for kind 3 (written once; a concurrent duplicate is ignored). */
async function markRead(ctx: RequestContext, m: Message, c: Caller): Promise<void> {
  const now = new Date();
  if (m.recipientKind !== KIND.Everyone) {
    await ctx.db.siteMessageRecipient.updateMany({ where: { messageId: m.id, userId: c.user.id, readTime: null }, data: { readTime: now } });
    return;
  }
  if (!isAddressed(c, m, false)) return;
  if (await ctx.db.siteMessageRecipient.findFirst({ where: { messageId: m.id, userId: c.user.id } })) return;
  try {
    await ctx.db.siteMessageRecipient.create({ data: { tenantId: m.tenantId, messageId: m.id, userId: c.user.id, readTime: now } });
  } catch (e) {
    // The unique (messageId, userId) index: the same member opened it twice at once.
    if (!(e instanceof Error && 'code' in e && e.code === 'P2002')) throw e;
  }
}

/** Dictionary sensitive words are refused in every text field, all hits reported at once. */
async function refuseSensitive(ctx: RequestContext, fields: Record<string, string>): Promise<void> {
  const errors = [];
  for (const [member, text] of Object.entries(fields)) {
    const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantOf(ctx), text);
    if (word) errors.push({ message: ctx.t('ContainsSensitiveWord', word), members: [member] });
  }
  if (errors.length) throw new AbpValidationError(errors);
}

/** Recipients of kinds 1 and 2 as the send writes them (the sender never receives their own message). */
async function recipientIds(
  ctx: RequestContext,
  input: { recipientKind: number; recipientUserId?: number | null; recipientRoleId?: number | null },
  me: number,
) {
  if (input.recipientKind === KIND.User) {
    const user = await ctx.db.user.findFirst({ where: { id: input.recipientUserId ?? 0 }, select: { id: true } });
    if (!user) invalid('recipientUserId', ctx.t('SiteMessageUnknownUser'));
    if (user.id === me) invalid('recipientUserId', ctx.t('SiteMessageNotToYourself'));
    return [user.id];
  }
  if (input.recipientKind === KIND.Role) {
    const role = await ctx.db.role.findFirst({ where: { id: input.recipientRoleId ?? 0 }, select: { id: true } });
    if (!role) invalid('recipientRoleId', ctx.t('SiteMessageUnknownRole'));
    const members = await ctx.db.userRole.findMany({ where: { roleId: role.id, user: { isDeleted: false } }, select: { userId: true } });
    const ids = distinctIds(members.map((m) => m.userId)).filter((id) => id !== me);
    if (!ids.length) invalid('recipientRoleId', ctx.t('SiteMessageEmptyRole'));
    return ids;
  }
  return [];
}

/** A notification about a reply, in the receiver's language (their setting, else the tenant's default). */
async function replyNotice(ctx: RequestContext, m: Message, to: number, text: (culture: 'zh-Hans' | 'en') => string): Promise<NotifyInput> {
  const settings = await effectiveSettings(ctx.prisma, m.tenantId, to);
  const culture = resolveCulture(settings['Abp.Localization.DefaultLanguageName']) ?? 'zh-Hans';
  return {
    tenantId: m.tenantId,
    userId: to,
    notificationName: 'App.SiteMessageReplied',
    message: text(culture),
    properties: { type: 1, title: localize(culture, 'SiteMessageReplyTitle', m.title), entity: 'SiteMessage', entityId: m.id },
    severity: 0,
    entityTypeName: 'SiteMessage',
    entityId: m.id,
  };
}

const excerpt = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

function listFilter(q: z.infer<typeof SiteMessageService.endpoints.GetAll.input>, c: Caller): MessageWhere[] {
  const range = chinaDayRange(q.CreationFrom, q.CreationTo);
  const conds: MessageWhere[] = [];
  if (q.RecipientKind !== undefined) conds.push({ recipientKind: q.RecipientKind });
  if (range.gte || range.lt) conds.push({ creationTime: { ...(range.gte && { gte: range.gte }), ...(range.lt && { lt: range.lt }) } });
  if (q.Inbox || !c.staff) {
    conds.push(addressedTo(c));
    if (q.IsRead !== undefined) conds.push(q.IsRead ? readBy(c.user.id) : unreadBy(c.user.id));
  }
  return conds;
}

function messagesOf(c: Caller): ModelCrud<'SiteMessage', ListRow, GetAllSiteMessageInput & { SkipCount: number; MaxResultCount: number }> {
  return {
    entityName: 'SiteMessage',
    model: (ctx) => ctx.db.siteMessage,
    toDtos: (rows, ctx) => toListDtos(rows, ctx, c),
    keywordColumns: ['title', 'content'],
    sortable: {
      id: 'id',
      title: 'title',
      creationTime: 'creationTime',
      replyCount: 'replyCount',
      lastReplyTime: 'lastReplyTime',
      recipientKind: 'recipientKind',
    },
    // Inbox lists depend on the caller's receipts.
    countTables: ['SiteMessage', 'SiteMessageRecipient'],
    omit: { content: true },
  };
}

export const siteMessage = implement(SiteMessageService, {
  GetAll: async (input, ctx) => {
    const c = await callerOf(ctx);
    if (input.CreationFrom && input.CreationTo && input.CreationTo < input.CreationFrom) invalid('creationTo', ctx.t('DateRangeReversed'));
    return pagedList(messagesOf(c), input, ctx, { AND: listFilter(input, c) }, [{ id: 'desc' }]);
  },
  Get: async (input, ctx) => {
    const c = await callerOf(ctx);
    const row = await visibleMessage(ctx, input.Id, c);
    await markRead(ctx, row, c);
    return detail(ctx, row, c);
  },
  Create: async (input, ctx) => {
    const c = await callerOf(ctx);
    const tenantId = tenantOf(ctx);
    await refuseSensitive(ctx, { title: input.title, content: input.content });
    const ids = await recipientIds(ctx, input, c.user.id);
    const kind = input.recipientKind;
    const created = await ctx.transaction(async (tx) => {
      const m = await tx.db.siteMessage.create({
        data: {
          tenantId,
          title: input.title,
          content: input.content,
          recipientKind: kind,
          recipientUserId: kind === KIND.User ? (input.recipientUserId ?? null) : null,
          recipientRoleId: kind === KIND.Role ? (input.recipientRoleId ?? null) : null,
          recipientCount: ids.length,
        },
      });
      for (let i = 0; i < ids.length; i += RECIPIENT_BATCH)
        await tx.db.siteMessageRecipient.createMany({
          data: ids.slice(i, i + RECIPIENT_BATCH).map((userId) => ({ tenantId, messageId: m.id, userId })),
        });
      return m;
    });
    return detail(ctx, created, c);
  },
  Update: async (input, ctx) => {
    const c = await callerOf(ctx);
    await getOr404(messagesOf(c), input.id, ctx);
    await refuseSensitive(ctx, { title: input.title, content: input.content });
    const row = await ctx.db.siteMessage.update({ where: { id: input.id }, data: { title: input.title, content: input.content } });
    return detail(ctx, row, c);
  },
  // Soft delete (data filters); an unknown id succeeds silently, as ABP's repository does.
  Delete: async (input, ctx) => {
    await ctx.db.siteMessage.deleteMany({ where: { id: input.Id } });
    return null;
  },
  GetNotReadMessageCount: async (_input, ctx) => {
    const c = await callerOf(ctx);
    const [siteMessageCount, notificationCount] = await Promise.all([
      ctx.db.siteMessage.count({ where: { AND: [addressedTo(c), unreadBy(c.user.id)] } }),
      ctx.db.userNotification.count({ where: { userId: c.user.id, state: 0 } }),
    ]);
    return { siteMessageCount, notificationCount, totalCount: siteMessageCount + notificationCount };
  },
  ReplayMessage: async (input, ctx) => {
    const c = await callerOf(ctx);
    const m = await visibleMessage(ctx, input.messageId, c);
    await refuseSensitive(ctx, { content: input.content });
    let memberUserId: number | null = c.staff ? null : c.user.id;
    let parentReplyId: number | null = null;
    if (c.staff && input.parentReplyId) {
      const parent = await ctx.db.siteMessageReply.findFirst({ where: { id: input.parentReplyId, messageId: m.id, fromPlatform: false } });
      if (!parent) invalid('parentReplyId', ctx.t('SiteMessageUnknownReply'));
      parentReplyId = parent.id;
      memberUserId = parent.memberUserId;
    }
    // Who hears of it: the sender of a member's reply; the member a platform reply answers (or the one recipient of a kind 1 message).
    const to = !c.staff ? m.creatorUserId : (memberUserId ?? (m.recipientKind === KIND.User ? m.recipientUserId : null));
    const author = personName(c.user);
    const notice =
      to === null || to === c.user.id
        ? null
        : await replyNotice(ctx, m, to, (culture) =>
            c.staff
              ? localize(culture, 'SiteMessageAnswered', m.title, excerpt(input.content))
              : localize(culture, 'SiteMessageReplied', author, m.title, excerpt(input.content)),
          );
    const { reply, stored } = await ctx.transaction(async (tx) => {
      const reply = await tx.db.siteMessageReply.create({
        data: { tenantId: m.tenantId, messageId: m.id, content: input.content, fromPlatform: c.staff, parentReplyId, memberUserId },
      });
      await tx.db.siteMessage.update({ where: { id: m.id }, data: { replyCount: { increment: 1 }, lastReplyTime: reply.creationTime } });
      const stored = notice ? await tx.db.userNotification.create({ data: notificationRow(notice) }) : null;
      return { reply, stored };
    });
    if (stored && notice) pushNotification(ctx.app, notice, stored);
    const names = await userNames(ctx, distinctIds([reply.creatorUserId, reply.memberUserId]));
    return replyDto(reply, {
      creatorName: names.get(reply.creatorUserId ?? 0) ?? null,
      memberName: memberUserId === null ? null : (names.get(memberUserId) ?? null),
    });
  },
  GetRecipientOptions: async (input, ctx) => {
    const keyword = input.Keyword?.trim();
    if (input.Kind === KIND.User) {
      const users = await ctx.db.user.findMany({
        where: userSearchWhere(keyword),
        orderBy: { id: 'asc' },
        take: input.MaxResultCount,
        select: userOptionSelect,
      });
      return { items: users.map((u) => userOption(u, ctx)) };
    }
    const roles = await ctx.db.role.findMany({
      where: keyword ? { OR: [{ name: { contains: keyword } }, { displayName: { contains: keyword } }] } : {},
      orderBy: { id: 'asc' },
      take: input.MaxResultCount,
      select: { id: true, name: true, displayName: true, _count: { select: { users: { where: { user: { isDeleted: false } } } } } },
    });
    return { items: roles.map((r) => ({ id: r.id, name: roleDisplayName(ctx.culture, r), detail: ctx.t('SiteMessageRoleUsers', r._count.users) })) };
  },
});
