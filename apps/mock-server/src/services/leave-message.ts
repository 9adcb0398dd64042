import { CreateLeaveMessageInput, LeaveMessageDto, LeaveMessageService, LeaveMessageType, reviewables, type GetAllLeaveMessageInput } from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { RequestContext } from '../kit/context.ts';
import { dtoMapper } from '../kit/dto.ts';
import { EntityNotFoundError } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { notificationRow, pushNotification, type NotifyInput } from '../kit/notifier.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';
import { screenSensitive } from '../kit/sensitive-words.ts';
import { effectiveSettings } from '../kit/settings.ts';
import { localize, resolveCulture } from '../localization/texts.ts';
import { excerpt, feedbackConditions, feedbackSortable, flagFields } from '../feedback/feedback.ts';

/**
 * Leave messages (互动留言) on the content kit: review through the registry
 * (`AuditedLeaveMessage?id`), sensitive words in subject and text masked or
 * refused as the dictionary says, one platform answer per message
 * (`ReplyLeaveMessage`, notifying the author). Rules: docs/architecture/domain-rules.md,
 * "Community".
 */

type In = z.output<typeof CreateLeaveMessageInput>;
type Query = z.output<typeof GetAllLeaveMessageInput>;
type Columns = {
  title: string;
  content: string;
  messageType: number;
  contact: string | null;
  sensitiveHits: number;
  sensitiveWords: string;
};
const dto = dtoMapper(LeaveMessageDto);

const messages = contentHandlers({
  reviewable: reviewables.leaveMessage,
  input: CreateLeaveMessageInput,
  model: (ctx: RequestContext): ContentTableOf<'LeaveMessage', Columns> => ctx.db.leaveMessage,
  categoryOptional: true,
  richFields: [],
  textFields: [],
  screenedFields: ['title', 'content'],
  keywordColumns: ['title', 'content', 'contact'],
  sortable: { ...feedbackSortable, replyTime: 'replyTime' },
  filter: (q: Query, ctx) => {
    const and = [
      ...feedbackConditions(q, ctx),
      ...(q.MessageType !== undefined ? [{ messageType: q.MessageType }] : []),
      ...(q.Answered !== undefined ? [q.Answered ? { replyTime: { not: null } } : { replyTime: null }] : []),
    ];
    return and.length ? { AND: and } : undefined;
  },
  toData: (i: In, _rich, flag): Columns => ({
    title: i.title,
    content: i.content,
    messageType: i.messageType,
    contact: i.contact?.trim() || null,
    ...flag,
  }),
  toDtos: async (rows, l, ctx) => {
    const replierIds = distinctIds(rows.map((r) => r.replyUserId));
    const repliers = replierIds.length
      ? await ctx.prisma.user.findMany({ where: { id: { in: replierIds } }, select: { id: true, name: true, surname: true } })
      : [];
    const names = new Map(repliers.map((u) => [u.id, fullNameOf(u)]));
    return rows.map((r) =>
      dto(r, {
        messageType: LeaveMessageType.parse(r.messageType),
        replyUserName: r.replyUserId === null ? null : (names.get(r.replyUserId) ?? null),
        ...flagFields(r),
        ...reviewFields(r, l),
      }),
    );
  },
});

/** The author's notice of an answer, in the author's language. */
async function answerNotice(ctx: RequestContext, row: { id: number; tenantId: number; title: string; creatorUserId: number | null }, answer: string) {
  if (row.creatorUserId === null || row.creatorUserId === ctx.session.userId) return null;
  const settings = await effectiveSettings(ctx.prisma, row.tenantId, row.creatorUserId);
  const culture = resolveCulture(settings['Abp.Localization.DefaultLanguageName']) ?? 'zh-Hans';
  const notice: NotifyInput = {
    tenantId: row.tenantId,
    userId: row.creatorUserId,
    notificationName: 'App.LeaveMessageAnswered',
    message: localize(culture, 'LeaveMessageAnswered', row.title, excerpt(answer, 60)),
    properties: { type: 1, title: localize(culture, 'LeaveMessageAnsweredTitle'), entity: 'LeaveMessage', entityId: row.id },
    severity: 1,
    entityTypeName: 'LeaveMessage',
    entityId: row.id,
  };
  return notice;
}

export const leaveMessage = implement(
  LeaveMessageService,
  {
    GetAll: messages.GetAll,
    GetAllModerated: messages.GetAllModerated,
    Get: messages.Get,
    Delete: messages.Delete,
    /** The caller is the author. */
    Create: messages.Create,
    /** The author's text; back to review (kit rule); the answer stays. */
    Update: messages.Update,
    AuditedLeaveMessage: (input, ctx) => messages.review(input, ctx),
    /**
     * Answers (or re-answers) a message in any review state: the answer, who and
     * when in one write with the author's notification, pushed after commit.
     * Sensitive words in the answer are refused or masked as in messages; the
     * message's own flag is not changed by the answer.
     */
    ReplyLeaveMessage: async (input, ctx) => {
      const me = await ctx.requireUser();
      const row = await ctx.db.leaveMessage.findFirst({ where: { id: input.id } });
      if (!row) throw new EntityNotFoundError('LeaveMessage', input.id);
      const { values } = await screenSensitive(ctx, { replyContent: input.replyContent });
      const answer = values.replyContent ?? input.replyContent;
      const notice = await answerNotice(ctx, row, answer);
      const stored = await ctx.transaction(async (tx) => {
        await tx.db.leaveMessage.update({ where: { id: row.id }, data: { replyContent: answer, replyUserId: me.id, replyTime: new Date() } });
        return notice ? tx.db.userNotification.create({ data: notificationRow(notice) }) : null;
      });
      if (stored && notice) pushNotification(ctx.app, notice, stored);
      return messages.Get({ Id: row.id }, ctx);
    },
  },
  { reviews: [reviewBinding(reviewables.leaveMessage, { model: (db) => db.leaveMessage, sensitiveHits: 'sensitiveHits' })] },
);
