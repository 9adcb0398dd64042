import { z } from 'zod';
import type { Access } from './define-service.ts';
import { abpEnum } from './enums.ts';
import { AbpDateTime, PagedQuery, paged } from './schemas.ts';

/**
 * The review state machine shared by every reviewable entity (articles,
 * resources, courses, daily questions; later questions, papers, comments,
 * questionnaires, Q&A and leave messages). Order: 0 Pending (待审核),
 * 1 Approved (已通过), 2 Rejected (未通过). New items start Pending; a decision
 * records who, when and an optional reason; editing an Approved item sends it
 * back to Pending. Multi-step flows and the registry of reviewable entities:
 * core/review.ts. See docs/architecture/review.md.
 */
export const AuditStatus = abpEnum({ Pending: 0, Approved: 1, Rejected: 2 }, 'Review state');
export type AuditStatus = z.infer<typeof AuditStatus>;

/** Review fields on a DTO. */
export const ReviewDto = z.object({
  auditStatus: AuditStatus,
  auditorUserId: z.number().int().nullable(),
  auditorName: z.string().nullable(),
  auditTime: AbpDateTime.nullable(),
  auditReason: z.string().nullable(),
  /**
   * Multi-step flows (see core/review.ts): while Pending, the index of the
   * step awaiting a decision (0 first); once decided, the step that made the
   * final decision. Always 0 in a one-step flow.
   */
  reviewStep: z.number().int().min(0),
});

/**
 * Who made an item and when, for lists and the "myself and children" scope.
 * `tenantId`: the owning tenant; the host side lists every tenant's content and
 * shows which tenant each row belongs to (decision: id on the wire, the console
 * names it from the tenant list).
 */
export const AuthorDto = z.object({
  tenantId: z.number().int().nullable(),
  creatorUserId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  creationTime: AbpDateTime,
  lastModificationTime: AbpDateTime.nullable(),
});

/** Pinning: pinned items list first, newest pin first. */
export const PinDto = z.object({ isTop: z.boolean(), topTime: AbpDateTime.nullable() });

/** Input of every `Audited*` call: approve (1) or reject (2), with an optional reason. */
export const AuditInput = z.object({
  id: z.number().int().min(1),
  auditStatus: z.literal([1, 2]).describe('1 = approve, 2 = reject'),
  auditReason: z.string().trim().max(500).nullish(),
});
export type AuditInput = z.input<typeof AuditInput>;

/** Input of every `PlacedTop*` call. */
export const PinInput = z.object({ id: z.number().int().min(1), isTop: z.boolean() });

/**
 * An http(s) URL or a site-relative path; `javascript:` and friends never pass.
 * A path may not start with `//` or `/\` (browsers read both as another host),
 * and no URL may hold a backslash, whitespace or a control character.
 */
export const WebUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/[^\s\\\p{Cc}]+|\/(?![/\\])[^\s\\\p{Cc}]*)$/u, 'An http(s) URL or a path starting with /');

/** Query of content lists: paging, keyword, a category (its subtree included) and a review state. */
export const ContentQuery = PagedQuery.extend({
  CategoryId: z.number().int().min(1).optional(),
  AuditStatus: AuditStatus.optional(),
});

/**
 * The scoped lists of reviewable content: `GetAllMyselfAndChildren` (items
 * created by the caller or anyone below them in the user hierarchy, any depth)
 * and `GetAllModerated` (items awaiting review, for reviewers).
 */
export function scopedLists<D extends z.ZodType, Q extends z.ZodType>(dto: D, query: Q, access: { mine: Access; moderated: Access }) {
  return {
    GetAllMyselfAndChildren: { input: query, output: paged(dto), access: access.mine },
    GetAllModerated: { input: query, output: paged(dto), access: access.moderated },
  };
}

/** A node of a cascader (the shape Element/Chakra cascaders bind): value, label, children. */
export interface CascaderOption {
  value: number;
  label: string;
  /** `chapter` marks chapter leaves under categories in the chapter cascader. */
  kind?: 'category' | 'chapter';
  disabled?: boolean;
  children?: CascaderOption[];
}
export const CascaderOption: z.ZodType<CascaderOption> = z.lazy(() =>
  z.object({
    value: z.number().int(),
    label: z.string(),
    kind: z.enum(['category', 'chapter']).optional(),
    disabled: z.boolean().optional(),
    children: z.array(CascaderOption).optional(),
  }),
);
export const CascaderList = z.array(CascaderOption);
