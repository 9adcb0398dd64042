import { z } from 'zod';
import type { Reviewable } from './core/review.ts';
import { entityServices, type EntityServices } from './entities.ts';

/**
 * The review registry, collected from the entity services (entities.ts): every
 * reviewable entity a service declares with `reviewable(...)`, keyed by its
 * registry key, in list order. Nothing here is written per entity.
 */

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Declared<L> = UnionToIntersection<{ [K in keyof L]: L[K] extends { readonly reviewables: infer R } ? R : never }[keyof L]>;

export type Reviewables = { readonly [K in keyof Declared<EntityServices>]: Declared<EntityServices>[K] };
/** The client keys of the reviewable entities (`article`, ...). */
export type ReviewableKey = Extract<keyof Reviewables, string>;
/** A registry entry (any of them). */
export type RegisteredReviewable = Reviewables[ReviewableKey];
/** The entity names of the reviewable entities (`Article`, ...). */
export type ReviewableEntity = RegisteredReviewable['entity'];

function collect(): Reviewables {
  const all: Record<string, Reviewable> = {};
  for (const service of Object.values<object>(entityServices)) {
    if (!('reviewables' in service)) continue;
    for (const [key, r] of Object.entries(service.reviewables as Record<string, Reviewable>)) {
      if (key in all) throw new Error(`Review registry: ${key} is declared twice`);
      if (Object.values(all).some((o) => o.entity === r.entity)) throw new Error(`Review registry: entity ${r.entity} is declared twice`);
      all[key] = r;
    }
  }
  return Object.freeze(all) as Reviewables;
}

/** Every reviewable entity, by registry key. */
export const reviewables: Reviewables = collect();

/** Every reviewable, in registry order. */
export const reviewableList: readonly RegisteredReviewable[] = Object.values(reviewables);

/** `article | resource | ...` as a schema (home page counts). */
export const ReviewableKeySchema = z.enum(reviewableList.map((r) => r.clientKey) as [ReviewableKey, ...ReviewableKey[]]);
/** `Article | Resource | ...` as a schema (decision history). */
export const ReviewableEntitySchema = z.enum(reviewableList.map((r) => r.entity) as [ReviewableEntity, ...ReviewableEntity[]]);

/** The reviewable with this entity name, or undefined. */
export function reviewableOf(entity: string): RegisteredReviewable | undefined {
  return reviewableList.find((r) => r.entity === entity);
}
