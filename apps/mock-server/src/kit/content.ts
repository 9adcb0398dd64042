import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Prisma } from '@edu/db';
import { tenantOf, type RequestContext } from './context.ts';
import { assertCategory, categoryNames, subtreeIds } from './categories.ts';
import {
  createStoredRow,
  crudHandlers,
  getOr404,
  pagedList,
  pagedValues,
  type Cond,
  type CrudConfig,
  type ListQuery,
  type RowOf,
  type Table,
  type WhereOf,
} from './crud.ts';
import { EntityNotFoundError, ForbiddenError, invalid, UserFriendlyError } from './errors.ts';
import { hierarchyCondition } from './hierarchy.ts';
import { iso, type OrderBy } from './paging.ts';
import { fullNameOf } from './names.ts';
import { NO_SENSITIVE_HITS, screenSensitive, type SensitiveFlag } from './sensitive-words.ts';
import { awaitingDecisionBy, decide, PENDING_REVIEW, reviewDtoFields, type ReviewRow, type ReviewState } from './review.ts';
import { keywordColumnsOf } from './keyword-search.ts';
import { compileRowWriter, pageJson, WrittenJson, type ComputedMember, type RowWriter } from './dto.ts';
import type { Columns, StoredRow } from './sql-list.ts';
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
  /** Absent on entities without categories (questionnaires, comments, ...). */
  categoryId?: number | null;
  creationTime: Date;
  lastModificationTime: Date | null;
  isTop?: boolean;
  topTime?: Date | null;
  isUniversity?: boolean;
}

/** Names every content DTO needs, looked up once per page. */
export interface Lookups {
  category: (id: number | null) => string | null;
  user: (id: number | null) => string | null;
}

/** The query of every content list (`ContentQuery` plus the variant). */
export type ContentQuery = ListQuery & { CategoryId?: number; AuditStatus?: number; IsUniversity?: boolean };

/** Conditions the kit puts on any content model (columns every reviewable row has). */
export interface ContentWhere {
  categoryId?: { in: number[] };
  auditStatus?: number;
  reviewStep?: { in: number[] };
  isUniversity?: boolean;
  creatorUserId?: number | { in: number[] } | { not: null; notIn: number[] };
  NOT?: { creatorUserId: number };
}

/** The columns a content input may carry that the kit reads itself. */
export interface ContentInput {
  categoryId?: number | null;
  isUniversity?: boolean;
  /** Other fields (inputs with neither of the above, e.g. questionnaires, are not a weak-type mismatch). */
  readonly [field: string]: unknown;
}

/** What the kit uses of a content model: the generic table plus typed create and update. */
export interface ContentTable<Row extends ContentRow, W, Data> extends Table<Row, W | ContentWhere> {
  create(args: { data: Data & ReviewState & { tenantId: number } }): PromiseLike<{ id: number }>;
  update(args: { where: { id: number }; data: Data & ReviewState }): PromiseLike<{ id: number }>;
}

/** The content table of Prisma model `M` whose columns a service writes as `Data`. */
export type ContentTableOf<M extends Prisma.ModelName, Data> =
  RowOf<M> extends infer R extends ContentRow ? ContentTable<R, WhereOf<M>, Data> : never;

/** What pinning writes. */
export interface PinTable {
  update(args: { where: { id: number }; data: { isTop: boolean; topTime: Date | null } }): PromiseLike<{ id: number }>;
}

export interface ContentConfig<
  Row extends ContentRow,
  W,
  Data,
  Dto,
  In extends ContentInput,
  Q extends ContentQuery,
  Rich extends keyof In & string,
> {
  /** Its entry in the SDK's review registry: entity name (404 texts, notifications), review flow, display name. */
  reviewable: RegisteredReviewable;
  /** The SDK's Create input schema (types `toData`, `validate` and the field lists). */
  input: z.ZodType<In>;
  /** The model, seen through the request's data filters (bound to the transaction inside Create/Update). */
  model: (ctx: RequestContext) => ContentTable<Row, W, Data>;
  /** A category is optional (daily questions); an entity without categories (its reviewable's `classTypeId` null) never needs one. */
  categoryOptional?: boolean;
  /** Rich-text (HTML) fields: sanitized on every save and handed to `toData` sanitized. */
  richFields: readonly Rich[];
  /** Fields checked for sensitive words (rich fields are always checked). */
  textFields: ReadonlyArray<keyof In & string>;
  /**
   * Plain-text fields of member-written items (comments, messages): sensitive
   * words act as their dictionary entry says, masked or refused
   * (kit/sensitive-words.ts); `toData` gets the masked input and the flag
   * (`sensitiveHits`, `sensitiveWords` columns) to store.
   */
  screenedFields?: ReadonlyArray<keyof In & string>;
  keywordColumns: ReadonlyArray<NoInfer<keyof W & string>>;
  /** The table keeps a keyword index over `keywordColumns` (kit/keyword-search.ts, `declareKeywordIndex`). */
  keywordIndex?: boolean;
  sortable: Readonly<Record<string, string>>;
  /** Tables whose writes change the lists' totals (default the entity's own): filters that read another table name it. */
  countTables?: readonly string[];
  /** Pinnable: pinned rows first, newest pin first; the model pins are written to. */
  pinnable?(ctx: RequestContext): PinTable;
  /** The university variant: `isUniversity` rows need `university`, the others `standard`. */
  variant?: { standard: string; university: string };
  /** Entity-specific query filters (chapter, ...), typed by the service's query. */
  filter?(q: Q, ctx: RequestContext): NoInfer<Cond<W>> | undefined | Promise<NoInfer<Cond<W>> | undefined>;
  /** Entity-specific checks of an input (chapter belongs to the category, ...). */
  validate?: (input: In, ctx: RequestContext) => Promise<void>;
  /**
   * Input -> columns, category checked. `rich(field)` is the sanitized value
   * of a rich field (null when absent): write those columns from it, never from `input`.
   */
  toData(input: In, rich: (field: Rich) => string | null, flag: SensitiveFlag): NoInfer<Data>;
  /** Writes that belong with the row (child collections), in the same transaction as Create/Update. */
  afterWrite?(row: { id: number; tenantId: number }, input: In, tx: RequestContext): Promise<void>;
  /**
   * The SDK's list row (`listDto(...)`, the GetAll output's item): rich fields
   * it leaves out are not read for lists (a page never loads ten 200 kB bodies).
   */
  listDto?: z.ZodObject;
  /**
   * The list row's members are the row's columns of the same names plus the
   * common ones (`CONTENT_MEMBERS`: names, the narrowed review state, the pin),
   * as `toDto` maps them: its pages are then written as JSON straight from the
   * SQL rows (kit/dto.ts `compileRowWriter`). content-list.test.ts proves the
   * text is the `toDto` path's, byte for byte.
   */
  listFromColumns?: boolean;
  /** Row -> DTO with the common names (give this or `toDtos`). */
  toDto?: (row: NoInfer<Row>, lookups: Lookups) => Dto;
  /**
   * Instead of `toDto`, a page of rows at once, for entities with lookups of
   * their own (chapter names, child collections); `detail` is true for a single
   * item (Get, Create, Update, review, pin), false for lists.
   */
  toDtos?: (rows: NoInfer<Row>[], lookups: Lookups, ctx: RequestContext, detail: boolean) => Promise<Dto[]>;
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

/**
 * Whether sanitized HTML (`sanitizeRichText`'s output) shows any text: what
 * a second pass through sanitize-html keeping no tags would leave non-blank,
 * without that second parse (about as costly as the first). Sanitized markup
 * has no `<` or `>` outside its tags (text and attribute values are escaped),
 * so dropping the tags leaves the text; its only entities (`&amp;`, `&lt;`,
 * `&gt;`, `&quot;`) are not blank.
 */
export function showsText(safe: string): boolean {
  return /\S/.test(safe.replace(/<[^>]*>/g, ''));
}

/** Distinct ids, nulls left out. */
export const distinctIds = (ids: ReadonlyArray<number | null | undefined>) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

/**
 * The category and user names a page of rows refers to: from the name cache
 * (exact, by the tables' write versions), loading only ids it has not seen
 * since the last write (at most two queries, usually none).
 */
async function lookupsFor(ctx: RequestContext, rows: ContentRow[]): Promise<Lookups> {
  return lookupsOf(ctx, distinctIds(rows.flatMap((r) => [r.creatorUserId, r.auditorUserId])), distinctIds(rows.map((r) => r.categoryId)));
}

/** The names of these users and categories (`lookupsFor`). */
async function lookupsOf(ctx: RequestContext, userIds: number[], categoryIds: number[]): Promise<Lookups> {
  const names = ctx.app.nameCache;
  const [categories, userNames] = await Promise.all([
    // categoryNames scopes by the session's tenant (deleted categories included).
    names.names('MultiLevelCategory', String(ctx.session.tenantId ?? 'host'), categoryIds, async (ids) => [...(await categoryNames(ctx, ids))]),
    names.names('User', 'all', userIds, async (ids) =>
      (await ctx.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, surname: true } })).map(
        (u) => [u.id, fullNameOf(u)] as const,
      ),
    ),
  ]);
  return {
    category: (id) => (id === null ? null : (categories.get(id) ?? null)),
    user: (id) => (id === null ? null : (userNames.get(id) ?? null)),
  };
}

/**
 * Review and author fields every content DTO carries. The spread comes last on
 * purpose: V8 builds `{ ...a, b }` (a spread, then own properties) on a slow
 * path, about 4 µs a row against under 1 µs for `{ b, ...a }`, measured.
 */
export function reviewFields(row: ContentRow, l: Lookups) {
  return {
    creatorUserId: row.creatorUserId,
    creatorName: l.user(row.creatorUserId),
    creationTime: iso(row.creationTime),
    lastModificationTime: iso(row.lastModificationTime),
    ...reviewDtoFields(row, l.user),
  };
}

export function pinFields(row: ContentRow) {
  return { isTop: row.isTop ?? false, topTime: iso(row.topTime ?? null) };
}

/** An id as a row holds it, for a lookup (anything else finds no name, as in `Lookups`). */
const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The members of a content list row that are not a column as stored, as
 * `reviewFields` and `pinFields` compute them: the names looked up, the review
 * state narrowed, a missing pin false. The rest of a `listFromColumns` row is
 * its columns.
 */
const CONTENT_MEMBERS: Readonly<Record<string, ComputedMember<Lookups>>> = {
  categoryName: { column: 'categoryId', value: (id, l) => l.category(idOf(id)) },
  creatorName: { column: 'creatorUserId', value: (id, l) => l.user(idOf(id)) },
  auditorName: { column: 'auditorUserId', value: (id, l) => l.user(idOf(id)) },
  auditStatus: { column: 'auditStatus', value: (status) => (status === 1 ? 1 : status === 2 ? 2 : 0) },
  isTop: { column: 'isTop', value: (isTop) => isTop ?? false },
};

/** The distinct ids at `places` of stored rows (a place of -1: none). */
function storedIds(rows: readonly StoredRow[], places: readonly number[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) for (const at of places) if (at >= 0 && typeof row[at] === 'number') ids.add(row[at]);
  return [...ids];
}

/**
 * The handlers, keyed by the endpoint names every content service shares
 * (GetAll, GetAllMyselfAndChildren, GetAllModerated, Get, Create, Update,
 * Delete), plus `review` and `pin` for the entity-named calls
 * (`AuditedArticle`, `PlacedTopArticle`, ...). Spread into `implement()`.
 */
export function contentHandlers<
  Row extends ContentRow,
  W,
  Data,
  Dto,
  In extends ContentInput,
  Q extends ContentQuery,
  Rich extends keyof In & string = never,
>(cfg: ContentConfig<Row, W, Data, Dto, In, Q, Rich>) {
  type Where = Cond<W | ContentWhere>;
  const defaultOrder: OrderBy = cfg.pinnable ? [{ isTop: 'desc' }, { topTime: 'desc' }, { id: 'desc' }] : [{ id: 'desc' }];

  async function requireVariant(ctx: RequestContext, university: boolean | undefined) {
    if (!cfg.variant) return;
    const needed = university ? cfg.variant.university : cfg.variant.standard;
    const user = await ctx.requireUser();
    if (!user.granted.has(needed)) throw new ForbiddenError([needed]);
  }

  const toDtos = async (rows: Row[], ctx: RequestContext, detail = false): Promise<Dto[]> => {
    const l = await lookupsFor(ctx, rows);
    if (cfg.toDtos) return cfg.toDtos(rows, l, ctx, detail);
    const one = cfg.toDto;
    if (!one) throw new Error(`${cfg.reviewable.entity}: the content config needs toDto or toDtos`);
    return rows.map((r) => one(r, l));
  };

  /** Query filters; variants default to the standard list unless `bothVariants` (the reviewers' queue). */
  const filterOf =
    (bothVariants: boolean) =>
    async (q: Q, ctx: RequestContext): Promise<Where | undefined> => {
      const and: Where[] = [];
      if (q.CategoryId !== undefined) and.push({ categoryId: { in: await subtreeIds(ctx, q.CategoryId) } });
      if (q.AuditStatus !== undefined) and.push({ auditStatus: q.AuditStatus });
      if (cfg.variant && (q.IsUniversity !== undefined || !bothVariants)) and.push({ isUniversity: q.IsUniversity ?? false });
      const own = await cfg.filter?.(q, ctx);
      if (own) and.push(own);
      return and.length ? { AND: and } : undefined;
    };

  // Rich fields the list row leaves out are not selected: list rows lack them, and `dtoMapper` leaves out what a row lacks.
  const listShape = cfg.listDto?.shape;
  const unlisted: string[] = listShape ? cfg.richFields.filter((f) => !(f in listShape)) : [];
  const list: CrudConfig<Row, Row, Q, W | ContentWhere> = {
    entityName: cfg.reviewable.entity,
    ...(unlisted.length && { omit: Object.fromEntries(unlisted.map((f) => [f, true])) }),
    model: cfg.model,
    toDto: (row) => row,
    keywordColumns: cfg.keywordColumns,
    sortable: cfg.sortable,
    ...(cfg.countTables && { countTables: cfg.countTables }),
    filter: filterOf(false),
  };
  keywordColumnsOf(list.entityName, list.keywordColumns, cfg.keywordIndex);
  const queue: CrudConfig<Row, Row, Q, W | ContentWhere> = { ...list, filter: filterOf(true) };

  /** A page of rows with names resolved in one pass (not per row). */
  async function page(q: Q, ctx: RequestContext, extraWhere?: Where, of = list) {
    if (cfg.variant && of === list) await requireVariant(ctx, q.IsUniversity);
    const rows = await pagedList(of, q, ctx, extraWhere, defaultOrder);
    return { totalCount: rows.totalCount, items: await toDtos(rows.items, ctx) };
  }

  // The list row's writer over stored rows, compiled once per table (its columns come with the connection).
  const listSchema = cfg.listFromColumns ? cfg.listDto : undefined;
  const writers = new WeakMap<Columns, RowWriter<Lookups> | null>();
  const writerOf = (table: Columns): RowWriter<Lookups> | undefined => {
    if (!listSchema) return undefined;
    let writer = writers.get(table);
    if (writer === undefined) writers.set(table, (writer = compileRowWriter(listSchema, table, CONTENT_MEMBERS) ?? null));
    return writer ?? undefined;
  };

  /** `page` written as JSON from the SQL rows when the list row allows it (`listFromColumns`), else `page`. */
  async function writtenPage(q: Q, ctx: RequestContext, extraWhere?: Where, of = list) {
    if (!listSchema) return page(q, ctx, extraWhere, of);
    if (cfg.variant && of === list) await requireVariant(ctx, q.IsUniversity);
    let writer: RowWriter<Lookups> | undefined;
    const stored = await pagedValues(of, q, ctx, (table) => (writer = writerOf(table))?.columns, extraWhere, defaultOrder);
    if (!stored || !writer) return page(q, ctx, extraWhere, of);
    const { columns, write } = writer;
    const l = await lookupsOf(
      ctx,
      storedIds(stored.rows, [columns.indexOf('creatorUserId'), columns.indexOf('auditorUserId')]),
      storedIds(stored.rows, [columns.indexOf('categoryId')]),
    );
    const items = stored.rows.map((row) => write(row, l));
    return new WrittenJson<Awaited<ReturnType<typeof page>>>(pageJson(stored.totalCount, items));
  }

  async function load(id: number, ctx: RequestContext): Promise<Row> {
    const row = await getOr404(list, id, ctx);
    if (cfg.variant) await requireVariant(ctx, row.isUniversity);
    return row;
  }

  /** Sanitizes rich fields, refuses sensitive words, checks the category and the entity's own rules. */
  async function prepare(input: In, ctx: RequestContext): Promise<Data> {
    const fields = new Map<string, unknown>(Object.entries(input));
    const rich = new Map<string, string | null>(
      cfg.richFields.map((f) => {
        const raw = fields.get(f);
        if (typeof raw !== 'string' || !raw.trim()) return [f, typeof raw === 'string' ? raw : null] as const;
        const safe = sanitizeRichText(raw);
        // Text that was there but was all unsafe markup: refuse rather than save an empty body.
        if (!showsText(safe) && !/<(img|video)\b/i.test(safe)) invalid(f, ctx.t('RichTextEmpty'));
        return [f, safe] as const;
      }),
    );
    const tenantId = ctx.session.tenantId;
    if (tenantId !== null) {
      const scanned = [...cfg.textFields.map((f) => [f, fields.get(f), false] as const), ...[...rich].map(([f, v]) => [f, v, true] as const)];
      for (const [f, v, isRich] of scanned) {
        if (typeof v !== 'string') continue;
        const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, v, { rich: isRich });
        if (word) invalid(f, ctx.t('ContainsSensitiveWord', word));
      }
    }
    const { categoryId } = input;
    const classTypeId = cfg.reviewable.classTypeId;
    if (categoryId !== null && categoryId !== undefined && classTypeId !== null) await assertCategory(ctx, categoryId, classTypeId);
    else if (classTypeId !== null && !cfg.categoryOptional) invalid('categoryId', ctx.t('CategoryRequired'));
    await cfg.validate?.(input, ctx);
    const screened = cfg.screenedFields?.length
      ? await screenSensitive(
          ctx,
          Object.fromEntries(cfg.screenedFields.map((f) => [f, fields.get(f)]).filter((e): e is [string, string] => typeof e[1] === 'string')),
        )
      : { values: {}, flag: NO_SENSITIVE_HITS };
    return cfg.toData({ ...input, ...screened.values }, (f) => rich.get(f) ?? null, screened.flag);
  }

  /** The DTO of one item, with its details (child collections). */
  async function detailOf(row: Row, ctx: RequestContext): Promise<Dto> {
    const [dto] = await toDtos([row], ctx, true);
    if (dto === undefined) throw new EntityNotFoundError(cfg.reviewable.entity, row.id);
    return dto;
  }
  const dtoOf = async (id: number, ctx: RequestContext) => detailOf(await getOr404(list, id, ctx), ctx);
  /** A stored row of the model (every column, as a read of the table gives it: crud.ts `createStoredRow`). */
  const isRow = (r: Record<string, unknown>): r is Row & Record<string, unknown> => typeof r.id === 'number';

  const generic = crudHandlers(list);

  return {
    GetAll: (q: Q, ctx: RequestContext) => writtenPage(q, ctx),
    /** GetAll's page as objects (for a handler that answers it inside another result). */
    list: (q: Q, ctx: RequestContext) => page(q, ctx),
    /** Items created by the caller or anyone below them in the user hierarchy. */
    GetAllMyselfAndChildren: async (q: Q, ctx: RequestContext) => {
      const me = await ctx.requireUser();
      const mine = await hierarchyCondition(ctx.prisma, ctx.session.tenantId, me.id, () => new UserFriendlyError(ctx.t('HierarchyTooLarge')));
      return writtenPage(q, ctx, { creatorUserId: mine });
    },
    /** Items awaiting a review step the caller may decide, not their own (static Admin sees all), both variants. */
    GetAllModerated: async (q: Q, ctx: RequestContext) => writtenPage(q, ctx, await awaitingDecisionBy(ctx, cfg.reviewable), queue),
    /** Both variants unless the query names one, narrowed by `where`: a service's own list (its endpoint declares the permission). */
    GetAllWhere: async (q: Q, ctx: RequestContext, where: Where) => page(q, ctx, where, queue),
    Get: async (input: { Id: number }, ctx: RequestContext) => detailOf(await load(input.Id, ctx), ctx),
    /** Create's checks without the write (an import's dry run): the columns Create would write, or the error it would answer. */
    prepare,
    /** The row and what belongs with it (`afterWrite`) in one transaction. */
    Create: async (input: In, ctx: RequestContext) => {
      if (cfg.variant) await requireVariant(ctx, input.isUniversity);
      const data = await prepare(input, ctx);
      const tenantId = tenantOf(ctx);
      const row = { ...data, ...PENDING_REVIEW, tenantId };
      // One INSERT is atomic on its own; an interactive transaction (about a third of Create's cost) only when more is written.
      if (cfg.afterWrite) {
        const id = await ctx.transaction(async (tx) => {
          const created = await cfg.model(tx).create({ data: row });
          await cfg.afterWrite?.({ id: created.id, tenantId }, input, tx);
          return created.id;
        });
        return dtoOf(id, ctx);
      }
      // The answer from the row as written when the compiled INSERT knows it (no read-back), as Get would read it.
      const created = await createStoredRow(ctx, cfg.reviewable.entity, cfg.model(ctx), row);
      return created.row && isRow(created.row) ? detailOf(created.row, ctx) : dtoOf(created.id, ctx);
    },
    /** Any edit sends the item (back) to review: an approved item is no longer live until approved again. */
    Update: async (input: In & { id: number }, ctx: RequestContext) => {
      const existing = await load(input.id, ctx);
      if (cfg.variant) await requireVariant(ctx, input.isUniversity);
      const data = await prepare(input, ctx);
      await ctx.transaction(async (tx) => {
        await cfg.model(tx).update({ where: { id: existing.id }, data: { ...data, ...PENDING_REVIEW } });
        await cfg.afterWrite?.(existing, input, tx);
      });
      return dtoOf(existing.id, ctx);
    },
    Delete: async (input: { Id: number }, ctx: RequestContext) => {
      const row = await cfg.model(ctx).findFirst({ where: { id: input.Id } });
      if (row && cfg.variant) await requireVariant(ctx, row.isUniversity);
      return generic.Delete(input, ctx);
    },
    /** The review decision (kit/review.ts): advances or ends the flow, records it, notifies the author; `expectedStep` names the step decided. */
    review: async (input: AuditInput, ctx: RequestContext, expectedStep?: string) => {
      await decide(ctx, cfg.reviewable, input, expectedStep);
      return dtoOf(input.id, ctx);
    },
    /** Pins (newest pin first) or unpins. */
    pin: async (input: { id: number; isTop: boolean }, ctx: RequestContext) => {
      const row = await load(input.id, ctx);
      if (!cfg.pinnable) throw new Error(`${cfg.reviewable.entity} is not pinnable`);
      await cfg.pinnable(ctx).update({ where: { id: row.id }, data: { isTop: input.isTop, topTime: input.isTop ? new Date() : null } });
      return dtoOf(row.id, ctx);
    },
  };
}
