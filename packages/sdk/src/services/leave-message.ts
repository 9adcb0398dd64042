import { z } from 'zod';
import { AuditInput, AuditStatus, AuthorDto, ReviewDto, scopedLists } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateInput, AbpDateTime, PagedQuery, crud } from '../core/schemas.ts';
import { SensitiveFlagDto } from '../core/sensitive.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';

/** Kind of a leave message (inferred): 1 consultation (咨询), 2 suggestion (建议), 3 complaint (投诉), 4 other (其他). */
export const LeaveMessageType = abpEnum({ Consultation: 1, Suggestion: 2, Complaint: 3, Other: 4 }, 'Leave message type');
export type LeaveMessageType = z.infer<typeof LeaveMessageType>;

/**
 * A leave message (互动留言): a member's message to the platform. Reviewed
 * before it shows on the site's message board (one-step flow
 * `AuditLeaveMessageFlow`, `Pages.Others.LeaveMessage`) and answered by the
 * platform: one answer per message (`replyContent`, who, when), not a thread;
 * answering again replaces it. Answering notifies the author in real time
 * (`App.LeaveMessageAnswered`) in any review state (the author hears back even
 * when the message is not published).
 * - `title`: the subject (主题); `contact`: phone or e-mail to answer at
 *   (optional, shown to the console only).
 * - `sensitiveHits` / `sensitiveWords`: see core/sensitive.ts (title and content).
 */
export const LeaveMessageDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    messageType: LeaveMessageType,
    contact: z.string().nullable(),
    replyContent: z.string().nullable(),
    replyUserId: z.number().int().nullable(),
    replyUserName: z.string().nullable(),
    replyTime: AbpDateTime.nullable(),
  })
  .extend(SensitiveFlagDto.shape)
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type LeaveMessageDto = z.infer<typeof LeaveMessageDto>;

/** Create: the caller is the author. */
export const CreateLeaveMessageInput = z.object({
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(2000),
  messageType: LeaveMessageType.default(1),
  contact: z.string().trim().max(100).nullish(),
});
export type CreateLeaveMessageInput = z.input<typeof CreateLeaveMessageInput>;
/** Update (the author's text): sends the message back to review; the answer is kept. */
export const UpdateLeaveMessageInput = CreateLeaveMessageInput.extend({ id: z.number().int().min(1) });
export type UpdateLeaveMessageInput = z.input<typeof UpdateLeaveMessageInput>;

/** Extension `ReplyLeaveMessage`: the platform's answer (plain text; sensitive words as in the message). */
export const ReplyLeaveMessageInput = z.object({ id: z.number().int().min(1), replyContent: z.string().trim().min(1).max(2000) });
export type ReplyLeaveMessageInput = z.input<typeof ReplyLeaveMessageInput>;

/**
 * Leave message lists: `Keyword` (subject, content, contact), `AuditStatus`,
 * `MessageType`, `Answered` (true answered, false awaiting an answer),
 * `CreatorUserId`, `DateFrom`/`DateTo` (UTC+8 days, inclusive), `Flagged`.
 * Default order newest first; `Sorting` by `id`, `creationTime`, `auditStatus`,
 * `replyTime`, `sensitiveHits`.
 */
export const GetAllLeaveMessageInput = PagedQuery.extend({
  AuditStatus: AuditStatus.optional(),
  MessageType: LeaveMessageType.optional(),
  Answered: z.boolean().optional(),
  CreatorUserId: z.number().int().min(1).optional(),
  DateFrom: AbpDateInput.optional(),
  DateTo: AbpDateInput.optional(),
  Flagged: z.boolean().optional(),
});
export type GetAllLeaveMessageInput = z.input<typeof GetAllLeaveMessageInput>;

/** The messages' permission (the permission tree collects them from this service). */
export const LeaveMessagePermissions = declarePermissions({
  Others: {
    LeaveMessage: permission('互动留言', 'Mutual messages', { reviews: true, order: 4 }),
  },
});
const P = LeaveMessagePermissions;
export const LeaveMessageService = reviewable(
  withPermissions(
    defineService(
      'LeaveMessage',
      {
        ...crud({ dto: LeaveMessageDto, create: CreateLeaveMessageInput, update: UpdateLeaveMessageInput, query: GetAllLeaveMessageInput }),
        /** Extension: the reviewers' queue (pending, not their own; the review registry's `moderatedList`). */
        GetAllModerated: {
          ...scopedLists(LeaveMessageDto, GetAllLeaveMessageInput, { mine: P.OthersLeaveMessage, moderated: P.OthersLeaveMessage }).GetAllModerated,
          extension: true,
        },
        /** The spec's `POST AuditedLeaveMessage?id`: `id` in the query, the decision in the body (as Discuss's). */
        AuditedLeaveMessage: { input: AuditInput, output: LeaveMessageDto, queryKeys: ['id'], inferred: true },
        /** Extension: answer (or re-answer) the message; notifies the author. */
        ReplyLeaveMessage: { input: ReplyLeaveMessageInput, output: LeaveMessageDto, extension: true },
      },
      { access: P.OthersLeaveMessage },
    ),
    LeaveMessagePermissions,
  ),
  {
    /** Leave messages: one step by `Pages.Others.LeaveMessage` (spec: `POST AuditedLeaveMessage?id`, as Discuss). */
    leaveMessage: {
      reviewEndpoint: 'AuditedLeaveMessage',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditLeaveMessageFlow', P.OthersLeaveMessage),
      classTypeId: null,
      displayName: { 'zh-Hans': '留言', en: 'leave message' },
      countText: { 'zh-Hans': '{0} 条留言', en: '{0} leave message(s)' },
      title: { 'zh-Hans': '互动留言', en: 'Leave messages' },
    },
  },
);
