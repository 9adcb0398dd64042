import { requiredPermissions, type Endpoint, type Service } from './define-service.ts';
import { flowPermissions, type LocalText, type ReviewFlow } from './review-flows.ts';

export * from './review-flows.ts';

/**
 * Reviewable entities, generically: what an entry of the review registry
 * holds and how a service declares its entries (`reviewable(...)`, in the
 * service's own file, next to `defineService`). The registry itself is the
 * list of services (src/entities.ts); src/reviewables.ts collects every
 * service's entries from it. Everything that lists reviewables derives from
 * that: the server's review state machine, the home page's pending counts, the
 * "category in use" message, notification texts, the moderated lists and the
 * web's review columns and actions. core/ imports no service.
 *
 * Wire format (unchanged): `auditStatus` is 0 Pending, 1 Approved, 2 Rejected.
 * A flow is an ordered list of steps, each gated by its own permission. While
 * an item is Pending, `reviewStep` is the index of the step awaiting a
 * decision; approving at a step advances to the next one (still Pending) or,
 * at the last step, approves the item; rejecting at any step ends the flow
 * (Rejected, `reviewStep` = the step that rejected). A rejected item may be
 * reconsidered by the holder of the step that rejected it (approving resumes
 * the flow from there); an approved item may be taken down (rejected) by the
 * holder of the last step. Any edit sends the item back to step 0, Pending.
 * The current three-state flow is a one-step flow. See docs/architecture/review.md,
 * "States and flows".
 */

/** Keys of a service's endpoints. */
type EndpointKey<S extends Service> = keyof S['endpoints'] & string;

export interface Reviewable<S extends Service = Service, K extends string = string, E extends string = never> {
  /**
   * The entity name: Prisma model, `entityTypeName` of notifications, `EntityName` of the history.
   * The service's name unless declared (`entity`), for a second entity of one service (Q&A replies).
   */
  readonly entity: S['name'] | E;
  /** The registry key: unique; the client property of its service unless `client` says otherwise; the web's resource name. */
  readonly clientKey: K;
  /** The client property of its service (`client.article`): `clientKey` unless several entities share one service. */
  readonly client: string;
  readonly service: S;
  /** The decision endpoint (`AuditedArticle`), input `AuditInput`; a key of `service.endpoints`. */
  readonly reviewEndpoint: string;
  /** The reviewers' queue (`GetAllModerated`): items awaiting a step the caller may decide; a key of `service.endpoints`. */
  readonly moderatedList: string;
  readonly flow: ReviewFlow;
  /** Class type of its categories (MultiLevelCategory.classTypeId); null when it has none. */
  readonly classTypeId: number | null;
  /** The entity's name in running text ("您的文章《…》已审核通过"). */
  readonly displayName: LocalText;
  /** How a count of it reads in the "category in use" message; `{0}` is the count. */
  readonly countText: LocalText;
  /**
   * The entity's name as the console titles it (its menu entry, list title,
   * review-inbox tab and entity-history type: `entities.<clientKey>` in the
   * web's texts, which a locale file may still override). Absent: the console's
   * locale files name it.
   */
  readonly title?: LocalText;
  /** The web's i18n key of its display name: `review.entities.<clientKey>` (apps/web/src/locales/<lng>/review.json). */
  readonly i18nKey: string;
}

/** What a service declares of one of its reviewable entities (`reviewable(service, { key: spec })`). */
export interface ReviewableSpec<S extends Service = Service> {
  /** The decision endpoint (`AuditedArticle`), input `AuditInput`; a key of `service.endpoints`. */
  readonly reviewEndpoint: EndpointKey<S>;
  /** The reviewers' queue (`GetAllModerated`); a key of `service.endpoints`. */
  readonly moderatedList: EndpointKey<S>;
  /** An entity name other than the service's (a second reviewable entity of one service). */
  readonly entity?: string;
  /** The client property of the service when it differs from the registry key. */
  readonly client?: string;
  readonly flow: ReviewFlow;
  readonly classTypeId: number | null;
  readonly displayName: LocalText;
  readonly countText: LocalText;
  readonly title?: LocalText;
}

type EntityOf<S extends Service, D> = D extends { entity: infer E extends string } ? E : S['name'];

/** The registry entries a service declares, typed by their keys, endpoints and entity names. */
export type ReviewablesOf<S extends Service, D extends Record<string, ReviewableSpec<S>>> = {
  readonly [K in keyof D & string]: Reviewable<S, K, EntityOf<S, D[K]>> & {
    readonly reviewEndpoint: D[K]['reviewEndpoint'];
    readonly moderatedList: D[K]['moderatedList'];
  };
};

/** A service with the reviewable entities it declares. */
export type ReviewableService<S extends Service = Service, R = Record<string, Reviewable>> = S & { readonly reviewables: R };

/**
 * Declares a service's reviewable entities, keyed by registry key (unique; the
 * client property of the service unless `client` says otherwise; the web's
 * resource name): the endpoint keys are checked against the service at compile
 * time. Returns the service with its entries (`reviewables`); listing the
 * service in src/entities.ts registers them.
 */
export function reviewable<S extends Service, const D extends Record<string, ReviewableSpec<S>>>(
  service: S,
  specs: D,
): ReviewableService<S, ReviewablesOf<S, D>> {
  const entries: Record<string, Reviewable> = {};
  const out = Object.freeze({ ...service, reviewables: entries });
  for (const [clientKey, spec] of Object.entries<ReviewableSpec<S>>(specs)) {
    for (const key of [spec.reviewEndpoint, spec.moderatedList])
      if (!(key in service.endpoints)) throw new Error(`${service.name}: reviewable ${clientKey} names no endpoint ${key}`);
    entries[clientKey] = Object.freeze({
      ...spec,
      clientKey,
      service: out,
      entity: spec.entity ?? service.name,
      client: spec.client ?? clientKey,
      i18nKey: `review.entities.${clientKey}`,
    });
  }
  Object.freeze(entries);
  return out as ReviewableService<S, ReviewablesOf<S, D>>;
}

/** The decision endpoint of a reviewable. */
export function reviewEndpointOf(r: Reviewable): Endpoint {
  return r.service.endpoints[r.reviewEndpoint]!;
}

/** The moderated list endpoint of a reviewable. */
export function moderatedListOf(r: Reviewable): Endpoint {
  return r.service.endpoints[r.moderatedList]!;
}

/**
 * The decision endpoint and the moderated list admit exactly the flow's
 * permissions (checked by tests): the endpoint's access rule is the first
 * gate, the state machine then checks the deciding step's own permission.
 */
export function reviewAccessMatchesFlow(r: Reviewable): boolean {
  const flow = flowPermissions(r.flow);
  return [reviewEndpointOf(r), moderatedListOf(r)].every((e) => {
    const access = new Set(requiredPermissions(e.access));
    return access.size === flow.length && flow.every((p) => access.has(p));
  });
}
