import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateInput, AbpDateTime, IdQuery, NoInput, PagedQuery, PickerOptionDto, VoidResult, listDto, paged } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';

/**
 * Site messages (站内消息, `SiteMessage`): messages from the platform to
 * members, with a reply thread, read state per recipient and the caller's
 * unread count. Field lists, states and rules are ours (the spec names the
 * calls only); docs/architecture/domain-rules.md, "Community".
 *
 * Recipients (`recipientKind`): 1 one user (`recipientUserId`), 2 the users of
 * a role (`recipientRoleId`, its users at the moment of sending), 3 every
 * member (identity General) of the tenant registered by the time the message
 * was sent. Kinds 1 and 2 store one recipient row each on send; kind 3 stores
 * nothing on send (one insert, whatever the tenant's size) and a receipt row
 * when a member first reads it. Recipients cannot change after sending
 * (Update edits title and content only).
 *
 * Not reviewed: the platform's messages are written by staff who hold
 * `Pages.Others.SiteMessage` (holding it is the authority to send), and a
 * member's reply is seen only by staff and that member, so there is no public
 * audience to moderate for. Sensitive words of the dictionary are refused in
 * titles, contents and replies (400 naming the field and the word).
 */
export const SiteMessageRecipientKind = abpEnum({ User: 1, Role: 2, Everyone: 3 }, 'Site message recipients');
export type SiteMessageRecipientKind = z.infer<typeof SiteMessageRecipientKind>;

export const SITE_MESSAGE_TITLE_MAX = 100;
export const SITE_MESSAGE_CONTENT_MAX = 5000;
export const SITE_MESSAGE_REPLY_MAX = 2000;

/**
 * A reply in a message's thread, oldest first. `fromPlatform`: written by
 * staff (a holder of `Pages.Others.SiteMessage`), else by a recipient member.
 * `memberUserId`/`memberName`: the member whose conversation the reply is in
 * (the author of a member reply, or the member a platform reply answers with
 * `parentReplyId`); null for a platform reply to every recipient. Members see
 * the platform's replies to everyone and their own conversation; staff see all.
 */
export const SiteMessageReplyDto = z.object({
  id: z.number().int(),
  messageId: z.number().int(),
  content: z.string(),
  fromPlatform: z.boolean(),
  parentReplyId: z.number().int().nullable(),
  memberUserId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  creatorUserId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type SiteMessageReplyDto = z.infer<typeof SiteMessageReplyDto>;

export const SiteMessageDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  title: z.string(),
  /** Plain text; line breaks are kept. */
  content: z.string(),
  recipientKind: SiteMessageRecipientKind,
  recipientUserId: z.number().int().nullable(),
  recipientRoleId: z.number().int().nullable(),
  /** The user's full name (kind 1) or the role's display name (kind 2); null for everyone. */
  recipientName: z.string().nullable(),
  /** How many it is addressed to: recipients written on send (1, 2), members registered by the time it was sent (3). */
  recipientCount: z.number().int().min(0),
  /** How many of them have read it (opened it with Get). */
  readCount: z.number().int().min(0),
  replyCount: z.number().int().min(0),
  lastReplyTime: AbpDateTime.nullable(),
  /** The caller is one of its recipients. */
  isRecipient: z.boolean(),
  /** The caller has read it (false when not a recipient). */
  isRead: z.boolean(),
  creatorUserId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  creationTime: AbpDateTime,
  lastModificationTime: AbpDateTime.nullable(),
  /** The thread as the caller may see it (Get, Create and Update only). */
  replies: z.array(SiteMessageReplyDto),
});
export type SiteMessageDto = z.infer<typeof SiteMessageDto>;

/** A GetAll row: the message without its content and replies (Get returns them). */
export const SiteMessageListDto = listDto(SiteMessageDto, { content: true, replies: true });
export type SiteMessageListDto = z.infer<typeof SiteMessageListDto>;

/**
 * `Keyword` over title and content; `RecipientKind`; `CreationFrom`/`CreationTo`
 * UTC+8 calendar days (inclusive); `Inbox`: only messages addressed to the
 * caller (always so for callers without `Pages.Others.SiteMessage`); `IsRead`
 * with `Inbox`: read or unread ones. Sorting: `creationTime`, `title`,
 * `replyCount`, `lastReplyTime`; default newest first.
 */
export const GetAllSiteMessageInput = PagedQuery.extend({
  RecipientKind: SiteMessageRecipientKind.optional(),
  CreationFrom: AbpDateInput.optional(),
  CreationTo: AbpDateInput.optional(),
  Inbox: z.boolean().optional(),
  IsRead: z.boolean().optional(),
});
export type GetAllSiteMessageInput = z.input<typeof GetAllSiteMessageInput>;

const messageText = {
  title: z.string().trim().min(1).max(SITE_MESSAGE_TITLE_MAX),
  content: z.string().trim().min(1).max(SITE_MESSAGE_CONTENT_MAX),
};

/** Kind 1 needs `recipientUserId`, kind 2 `recipientRoleId` (400 on that member); the other id is ignored. */
export const CreateSiteMessageInput = z
  .object({
    ...messageText,
    recipientKind: SiteMessageRecipientKind,
    recipientUserId: z.number().int().min(1).nullish(),
    recipientRoleId: z.number().int().min(1).nullish(),
  })
  .superRefine((v, c) => {
    if (v.recipientKind === 1 && !v.recipientUserId) c.addIssue({ code: 'custom', message: 'Choose the member', path: ['recipientUserId'] });
    if (v.recipientKind === 2 && !v.recipientRoleId) c.addIssue({ code: 'custom', message: 'Choose the role', path: ['recipientRoleId'] });
  });
export type CreateSiteMessageInput = z.input<typeof CreateSiteMessageInput>;

/** Title and content only: recipients are fixed once sent, and read state is kept. */
export const UpdateSiteMessageInput = z.object({ id: z.number().int().min(1), ...messageText });
export type UpdateSiteMessageInput = z.input<typeof UpdateSiteMessageInput>;

/**
 * A reply. Staff reply to every recipient, or to one member's reply
 * (`parentReplyId`, a member reply of the same message: that member is
 * notified). A recipient member replies to the platform (the sender is
 * notified); `parentReplyId` is ignored for them. Anyone else gets a 404.
 */
export const ReplayMessageInput = z.object({
  messageId: z.number().int().min(1),
  content: z.string().trim().min(1).max(SITE_MESSAGE_REPLY_MAX),
  parentReplyId: z.number().int().min(1).nullish(),
});
export type ReplayMessageInput = z.input<typeof ReplayMessageInput>;

/**
 * The caller's unread count: site messages addressed to them and not yet
 * opened, plus their unread notifications (review results, job ends, replies).
 * The home page's 未读消息 card and the header bell's badge both show
 * `totalCount`, from this one call.
 */
export const NotReadMessageCountDto = z.object({
  siteMessageCount: z.number().int().min(0),
  notificationCount: z.number().int().min(0),
  totalCount: z.number().int().min(0),
});
export type NotReadMessageCountDto = z.infer<typeof NotReadMessageCountDto>;

/** Recipient search for the compose form: `Kind` 1 users (user name, name, phone, e-mail), 2 roles (name, display name); at most 20. */
export const GetRecipientOptionsInput = z.object({
  Kind: z.literal([1, 2]),
  Keyword: z.string().trim().max(64).optional(),
  MaxResultCount: z.number().int().min(1).max(20).default(10),
});
/** A user (detail: user name and identity) or a role (detail: its user count). */
export const RecipientOptionDto = PickerOptionDto;
export type RecipientOptionDto = PickerOptionDto;

/** The site messages' permission (the permission tree collects them from this service). */
export const SiteMessagePermissions = declarePermissions({
  Others: {
    SiteMessage: permission('网站消息', 'Website messages', { order: 2 }),
  },
});

export const SiteMessageService = withPermissions(
  defineService(
    'SiteMessage',
    {
      /** Staff: every message of the tenant; anyone else: their inbox. */
      GetAll: { input: GetAllSiteMessageInput, output: paged(SiteMessageListDto), access: 'authenticated' },
      /** Staff see any message; a recipient sees theirs, and opening it marks it read for them. */
      Get: { input: IdQuery, output: SiteMessageDto, access: 'authenticated' },
      Create: { input: CreateSiteMessageInput, output: SiteMessageDto },
      Update: { input: UpdateSiteMessageInput, output: SiteMessageDto },
      /** Soft delete: the message leaves every inbox and unread count. */
      Delete: { input: IdQuery, output: VoidResult },
      GetNotReadMessageCount: { input: NoInput, output: NotReadMessageCountDto, access: 'authenticated', inferred: true },
      ReplayMessage: { input: ReplayMessageInput, output: SiteMessageReplyDto, access: 'authenticated', inferred: true },
      GetRecipientOptions: { input: GetRecipientOptionsInput, output: z.object({ items: z.array(RecipientOptionDto) }), extension: true },
    },
    { access: SiteMessagePermissions.OthersSiteMessage },
  ),
  SiteMessagePermissions,
);
