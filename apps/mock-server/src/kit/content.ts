import sanitizeHtml from 'sanitize-html';
import type { RequestContext } from './context.ts';
import { assertCategory, categoryNames, subtreeIds } from './categories.ts';
import { crudHandlers, getOr404, pagedList, type CrudConfig, type ModelDelegate } from './crud.ts';
import { ForbiddenError, invalid, UserFriendlyError } from './errors.ts';
import { hierarchyCondition } from './hierarchy.ts';
import { iso, type OrderBy } from './paging.ts';
import { fullNameOf } from './names.ts';
import { awaitingDecisionBy, decide, PENDING_REVIEW, reviewDtoFields, type ReviewRow } from './review.ts';
import type { AuditInput, RegisteredReviewable } from '@edu/sdk';

/**
 * One mechanism for every reviewable content entity (articles, resources,
 * courses, daily questions now; questions, papers, comments, questionnaires,
 * Q&A and leave messages later): scoped lists, review, pinning, university
 * variants, rich-text sanitizing and sensitive-word checks. A service file
 * declares a `ContentConfig` and spreads the handlers it needs.
 */

/** The fields every reviewable row has. */
export interface ContentRow extends ReviewRow {
  categoryId: number | null;
  creationTime: Date;
  lastModificationTime: Date | null;
  isTop?: boolean;
  topTime?: Date | null;
  isUniversity?: boolean;
}

/** Names looked up once per page for the DTOs. */
export interface Lookups {
  category(id: number | null): string | null;
  user(id: number | null): string | null;
  chapter(id: number | null): string | null;
}

type Query = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; CategoryId?: number; AuditStatus?: number; IsUniversity?: boolean };
type Where = Record<string, unknown>;

export interface ContentConfig<Row extends ContentRow, Dto, In extends object> {
  /** Its entry in the SDK's review registry: entity name (404 texts, notifications), review flow, display name. */
  reviewable: RegisteredReviewable;
  model(ctx: RequestContext): ModelDelegate;
  /** A category is optional (daily questions). */
  categoryOptional?: boolean;
  /** Rich-text (HTML) fields: sanitized on every save. */
  richFields: ReadonlyArray<keyof In & string>;
  /** Fields checked for sensitive words (rich fields are always checked). */
  textFields: ReadonlyArray<keyof In & string>;
  keywordColumns: readonly string[];
  sortable: Readonly<Record<string, string>>;
  /** Pinned rows first, newest pin first. */
  pinnable?: boolean;
  /** The university variant: `isUniversity` rows need `university`, the others `standard`. */
  variant?: { standard: string; university: string };
  /** Entity-specific query filters (chapter, ...). */
  filter?(q: any, ctx: RequestContext): Where | undefined | Promise<Where | undefined>;
  /** Entity-specific checks of an input (chapter belongs to the category, ...). */
  validate?(input: In, ctx: RequestContext): Promise<void>;
  /** Input -> columns (after sanitizing; category checked). */
  toData(input: In): Record<string, unknown>;
  toDto(row: Row, lookups: Lookups): Dto;
}

/** What a rich-text body may contain: formatting, links, images, tables; no scripts, handlers or foreign schemes. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's', 'sub', 'sup', 'video', 'source'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    '*': ['class', 'style'],
    td: ['colspan', 'rowspan', 'class', 'style'],
    th: ['colspan', 'rowspan', 'class', 'style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

const plain = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/** Loads the names a page of rows refers to, in two queries. */
async function lookupsFor(ctx: RequestContext, rows: ContentRow[]): Promise<Lookups> {
  const ids = (pick: (r: ContentRow & { chapterTypeId?: number | null }) => Array<number | null | undefined>) => [
    ...new Set(rows.flatMap(pick).filter((id): id is number => typeof id === 'number')),
  ];
  const categoryIds = ids((r) => [r.categoryId]);
  const userIds = ids((r) => [r.creatorUserId, r.auditorUserId]);
  const chapterIds = ids((r) => [r.chapterTypeId]);
  const [categories, users, chapters] = await Promise.all([
    categoryNames(ctx, categoryIds),
    userIds.length
      ? ctx.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, surname: true } })
      : Promise.resolve([]),
    chapterIds.length ? ctx.db.chapterType.findMany({ where: { id: { in: chapterIds } }, select: { id: true, name: true } }) : Promise.resolve([]),
  ]);
  const chapterNames = new Map(chapters.map((c) => [c.id, c.name]));
  const userNames = new Map(users.map((u) => [u.id, fullNameOf(u)]));
  return {
    category: (id) => (id === null ? null : (categories.get(id) ?? null)),
    user: (id) => (id === null ? null : (userNames.get(id) ?? null)),
    chapter: (id) => (id === null ? null : (chapterNames.get(id) ?? null)),
  };
}

/** Review and author fields every content DTO carries. */
export function reviewFields(row: ContentRow, l: Lookups) {
  return {
    ...reviewDtoFields(row, l.user),
    creatorUserId: row.creatorUserId,
    creatorName: l.user(row.creatorUserId),
    creationTime: iso(row.creationTime),
    lastModificationTime: iso(row.lastModificationTime),
  };
}

export function pinFields(row: ContentRow) {
  return { isTop: row.isTop ?? false, topTime: iso(row.topTime ?? null) };
}

/**
 * The handlers, keyed by the endpoint names every content service shares
 * (GetAll, GetAllMyselfAndChildren, GetAllModerated, Get, Create, Update,
 * Delete), plus `review` and `pin` for the entity-named calls
 * (`AuditedArticle`, `PlacedTopArticle`, ...). Spread into `implement()`.
 */
export function contentHandlers<Row extends ContentRow, Dto, In extends object>(cfg: ContentConfig<Row, Dto, In>) {
  const defaultOrder: OrderBy = cfg.pinnable ? [{ isTop: 'desc' }, { topTime: 'desc' }, { id: 'desc' }] : [{ id: 'desc' }];

  async function requireVariant(ctx: RequestContext, university: boolean | undefined) {
    if (!cfg.variant) return;
    const needed = university ? cfg.variant.university : cfg.variant.standard;
    const user = await ctx.requireUser();
    if (!user.granted.has(needed)) throw new ForbiddenError([needed]);
  }

  const toDtos = async (rows: Row[], ctx: RequestContext) => {
    const l = await lookupsFor(ctx, rows);
    return rows.map((r) => cfg.toDto(r, l));
  };

  /** Query filters; variants default to the standard list unless `bothVariants` (the reviewers' queue). */
  const filterOf =
    (bothVariants: boolean) =>
    async (q: Query, ctx: RequestContext): Promise<Where | undefined> => {
      const and: Where[] = [];
      if (q.CategoryId !== undefined) and.push({ categoryId: { in: await subtreeIds(ctx, q.CategoryId) } });
      if (q.AuditStatus !== undefined) and.push({ auditStatus: q.AuditStatus });
      if (cfg.variant && (q.IsUniversity !== undefined || !bothVariants)) and.push({ isUniversity: q.IsUniversity ?? false });
      const own = await cfg.filter?.(q, ctx);
      if (own) and.push(own);
      return and.length ? { AND: and } : undefined;
    };

  const list: CrudConfig<Row, Row, Query> = {
    entityName: cfg.reviewable.entity,
    model: cfg.model,
    toDto: (row) => row,
    keywordColumns: cfg.keywordColumns,
    sortable: cfg.sortable,
    filter: filterOf(false),
  };
  const queue: CrudConfig<Row, Row, Query> = { ...list, filter: filterOf(true) };

  /** A page of rows with names resolved in one pass (not per row). */
  async function page(q: Query, ctx: RequestContext, extraWhere?: Where, of = list) {
    if (cfg.variant && of === list) await requireVariant(ctx, q.IsUniversity);
    const rows = await pagedList(of, q, ctx, extraWhere, defaultOrder);
    return { totalCount: rows.totalCount, items: await toDtos(rows.items, ctx) };
  }

  async function load(id: number, ctx: RequestContext): Promise<Row> {
    const row = await getOr404<Row>(list, id, ctx);
    if (cfg.variant) await requireVariant(ctx, row.isUniversity);
    return row;
  }

  /** Sanitizes rich fields, refuses sensitive words, checks the category and the entity's own rules. */
  async function prepare(input: In, ctx: RequestContext): Promise<Record<string, unknown>> {
    const clean = { ...input } as Record<string, unknown>;
    for (const f of cfg.richFields) {
      const raw = clean[f];
      if (typeof raw !== 'string' || !raw.trim()) continue;
      const safe = sanitizeRichText(raw);
      // Text that was there but was all unsafe markup: refuse rather than save an empty body.
      if (!plain(safe).trim() && !/<(img|video)\b/i.test(safe)) invalid(f, ctx.t('RichTextEmpty'));
      clean[f] = safe;
    }
    const tenantId = ctx.session.tenantId;
    if (tenantId !== null) {
      for (const f of [...cfg.textFields, ...cfg.richFields]) {
        const v = clean[f];
        if (typeof v !== 'string') continue;
        const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, v);
        if (word) invalid(f, ctx.t('ContainsSensitiveWord', word));
      }
    }
    const categoryId = clean.categoryId as number | null | undefined;
    const classTypeId = cfg.reviewable.classTypeId;
    if (categoryId !== null && categoryId !== undefined && classTypeId !== null) await assertCategory(ctx, categoryId, classTypeId);
    else if (!cfg.categoryOptional) invalid('categoryId', ctx.t('CategoryRequired'));
    await cfg.validate?.(clean as In, ctx);
    return cfg.toData(clean as In);
  }

  async function dtoOf(id: number, ctx: RequestContext) {
    return (await toDtos([await getOr404<Row>(list, id, ctx)], ctx))[0]!;
  }

  const generic = crudHandlers(list);

  return {
    GetAll: (q: Query, ctx: RequestContext) => page(q, ctx),
    /** Items created by the caller or anyone below them in the user hierarchy. */
    GetAllMyselfAndChildren: async (q: Query, ctx: RequestContext) => {
      const me = await ctx.requireUser();
      const scope = await hierarchyCondition(ctx.prisma, ctx.session.tenantId, me.id, 'creatorUserId', () => new UserFriendlyError(ctx.t('HierarchyTooLarge')));
      return page(q, ctx, scope);
    },
    /** Items awaiting a review step the caller may decide, not their own (static Admin sees all), both variants. */
    GetAllModerated: async (q: Query, ctx: RequestContext) => page(q, ctx, await awaitingDecisionBy(ctx, cfg.reviewable), queue),
    Get: async (input: { Id: number }, ctx: RequestContext) => (await toDtos([await load(input.Id, ctx)], ctx))[0]!,
    Create: async (input: In, ctx: RequestContext) => {
      if (cfg.variant) await requireVariant(ctx, (input as { isUniversity?: boolean }).isUniversity);
      const data = await prepare(input, ctx);
      const created = (await cfg.model(ctx).create({ data: { ...data, ...PENDING_REVIEW } })) as Row;
      return dtoOf(created.id, ctx);
    },
    /** Any edit sends the item (back) to review: an approved item is no longer live until approved again. */
    Update: async (input: In & { id: number }, ctx: RequestContext) => {
      const existing = await load(input.id, ctx);
      if (cfg.variant) await requireVariant(ctx, (input as { isUniversity?: boolean }).isUniversity);
      const data = await prepare(input, ctx);
      delete data.id;
      await cfg.model(ctx).update({
        where: { id: existing.id },
        data: { ...data, ...PENDING_REVIEW },
      });
      return dtoOf(existing.id, ctx);
    },
    Delete: async (input: { Id: number }, ctx: RequestContext) => {
      const row = (await cfg.model(ctx).findFirst({ where: { id: input.Id } })) as Row | null;
      if (row && cfg.variant) await requireVariant(ctx, row.isUniversity);
      return generic.Delete(input, ctx);
    },
    /** The review decision (kit/review.ts): advances or ends the flow, records it, notifies the author. */
    review: async (input: AuditInput, ctx: RequestContext) => {
      await decide(ctx, cfg.reviewable, input);
      return dtoOf(input.id, ctx);
    },
    /** Pins (newest pin first) or unpins. */
    pin: async (input: { id: number; isTop: boolean }, ctx: RequestContext) => {
      const row = await load(input.id, ctx);
      await cfg.model(ctx).update({ where: { id: row.id }, data: { isTop: input.isTop, topTime: input.isTop ? new Date() : null } });
      return dtoOf(row.id, ctx);
    },
  };
}
