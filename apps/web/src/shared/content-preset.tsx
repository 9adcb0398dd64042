import { moderatedListOf, reviewEndpointOf, type Endpoint, type Reviewable as ReviewableEntry } from '@edu/sdk';
import type { AnyCall } from '../lib/use-api.ts';
import {
  auditColumn,
  pinActions,
  reviewActions,
  type ColumnSpec,
  type CrudService,
  type FilterSpec,
  type Reviewable,
  type RowAction,
  type VariantSpec,
} from '../resources/index.ts';
import { categoryFilter, contentFilters } from './categories.tsx';

/**
 * The usual lists of a reviewable content entity, by name:
 * - `mine`: the caller's items and their subordinates' (`GetAllMyselfAndChildren`);
 * - `moderated`: the reviewers' queue (the registry's moderated list) with
 *   preview and review inline and no create, edit or delete;
 * - `university`: the university lists (`IsUniversity` on the query and on new
 *   items), offered to holders of the given permission.
 */
export type ContentVariant = 'mine' | 'moderated' | 'university';

export interface ContentPresetOptions<R> {
  /** The preview row action (`previewAction(...)`), first on every list. */
  preview: RowAction<R>;
  variants: readonly ContentVariant[];
  /** Pin / unpin over this `PlacedTop*` call on the main lists. */
  pin?: AnyCall;
  /** The university permission (`university` variant). */
  universityPermission?: string;
  /**
   * Review on the main list itself (inline), the moderated list then keeping
   * edit and delete (每日一题); default: review in the menu of the main list,
   * inline on the moderated list, which is read-only.
   */
  reviewInPlace?: boolean;
}

function isCall(v: unknown): v is AnyCall {
  return typeof v === 'function' && 'endpoint' in v;
}

/** The client call of an endpoint in a service client (`api.article` + `AuditedArticle` -> `api.article.auditedArticle`). */
function callOf(service: object, endpoint: Endpoint | string): AnyCall {
  for (const key of Object.keys(service)) {
    const v: unknown = Reflect.get(service, key);
    if (isCall(v) && (typeof endpoint === 'string' ? v.endpoint.method === endpoint : v.endpoint === endpoint)) return v;
  }
  throw new Error(`No call for ${typeof endpoint === 'string' ? endpoint : endpoint.method}`);
}

/**
 * What a reviewable content resource shares, from its SDK review registry
 * entry: the review-state column, the filters, the row actions (preview, pin,
 * review by the entity's flow) and the declared variants. Spread into
 * `defineResource`:
 *
 *   ...contentPreset(reviewables.article, api.article, { preview, pin: api.article.placedTopArticle, variants: ['mine', 'moderated'] })
 */
export function contentPreset<R extends Reviewable & { isTop?: boolean }>(
  entry: ReviewableEntry,
  service: CrudService,
  options: ContentPresetOptions<R>,
): {
  filters: FilterSpec[];
  rowActions: RowAction<R>[];
  variants: Record<string, VariantSpec<CrudService>>;
  tenantOwned: true;
} {
  const classTypeId = entry.classTypeId ?? 0;
  const review = callOf(service, reviewEndpointOf(entry));
  const flow = entry.flow;
  const { preview, reviewInPlace = false } = options;
  const pin = options.pin ? pinActions<R>(options.pin) : [];
  const rowActions: RowAction<R>[] = [preview, ...pin, ...reviewActions<R>(review, { inline: reviewInPlace, flow })];

  const variants: Record<string, VariantSpec<CrudService>> = {};
  for (const v of options.variants) {
    if (v === 'mine') variants.mine = { list: callOf(service, 'GetAllMyselfAndChildren') };
    if (v === 'university') variants.university = { query: { IsUniversity: true }, permission: options.universityPermission };
    if (v === 'moderated')
      variants.moderated = {
        list: callOf(service, moderatedListOf(entry)),
        filters: [{ name: 'Keyword', type: 'keyword' }, categoryFilter(classTypeId)],
        ...(reviewInPlace
          ? { crud: { create: false } }
          : {
              crud: { create: false, update: false, delete: false },
              rowActions: [{ ...preview, inline: true }, ...reviewActions<R>(review, { flow })],
            }),
      };
  }
  return { filters: entry.classTypeId === null ? [] : contentFilters(classTypeId), rowActions, variants, tenantOwned: true };
}

/** The review-state column of a registry entry (badge, the flow's step, the rejection reason). */
export function reviewColumn<R extends Reviewable>(entry: ReviewableEntry): ColumnSpec<R> {
  return auditColumn<R>(entry.flow);
}
