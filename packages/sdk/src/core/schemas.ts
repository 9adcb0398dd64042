import { z } from 'zod';
import type { Access, EndpointOptions } from './define-service.ts';

/**
 * A date-time as ABP writes it (`yyyy-MM-ddTHH:mm:ss.FFFFFFFK`): the offset is
 * optional; a value without one is read as UTC (docs/architecture/contract.md, "Errors on the wire").
 */
export const AbpDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?$/, 'Invalid date-time')
  .describe('ISO 8601 date-time; without an offset it means UTC');

/**
 * The instants an input may carry: 1900-01-01 to 9999-12-31 (UTC). .NET's
 * DateTime stops at year 9999 and the output format (AbpDateTime) has a
 * four-digit year, so a value outside could be stored but never read back.
 */
export const DATE_RANGE = { min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;
const inDateRange = (s: string) => {
  const t = Date.parse(s);
  return Number.isFinite(t) && t >= DATE_RANGE.min && t <= DATE_RANGE.max;
};
const DATE_RANGE_MESSAGE = 'A date between 1900-01-01 and 9999-12-31 (UTC)';

/** A date-time input (ISO 8601 with an optional offset), within DATE_RANGE once normalized to UTC. */
export const AbpDateTimeInput = z.iso.datetime({ offset: true }).refine(inDateRange, DATE_RANGE_MESSAGE);
/** A calendar date input (`yyyy-MM-dd`) within DATE_RANGE. */
export const AbpDateInput = z.iso.date().refine(inDateRange, DATE_RANGE_MESSAGE);

/** No input (`z.object({})`, so unknown keys are ignored as ASP.NET Core does). */
export const NoInput = z.object({});
/** A void action: ABP answers `result: null`. */
export const VoidResult = z.null();

/** `EntityDto` from the query: `?Id=5`. */
export const IdQuery = z.object({ Id: z.number().int().min(1) });
/** `EntityDto` in a body: `{ "id": 5 }`. */
export const IdBody = z.object({ id: z.number().int().min(1) });

/** `PagedAndSortedResultRequestDto` plus the template's `Keyword`. */
export const PagedQuery = z.object({
  SkipCount: z.number().int().min(0).default(0),
  MaxResultCount: z.number().int().min(1).default(10),
  /** Dynamic-LINQ style: `"userName desc"`; the default order is `id desc`. */
  Sorting: z.string().max(200).optional(),
  Keyword: z.string().max(200).optional(),
});
export type PagedQuery = z.input<typeof PagedQuery>;

/** `PagedResultDto<T>`: totalCount is counted before paging. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ totalCount: z.number().int().min(0), items: z.array(item) });
}

/**
 * The row a list returns: the DTO without its bulky fields (rich-text bodies,
 * long answers), which only Get returns. `listDto(ArticleDto, { content: true })`.
 * A list of 10 rows then never carries ten 200 kB bodies, and the server does
 * not read them (kit/content.ts omits the columns). The OpenAPI document
 * follows from the schema.
 */
export function listDto<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig, M extends z.core.util.Mask<keyof Shape>>(
  dto: z.ZodObject<Shape, Config>,
  omit: M & Record<Exclude<keyof M, keyof Shape>, never>,
) {
  const dropped = Object.keys(omit).join(', ');
  return dto.omit(omit).describe(`${dto.description ? `${dto.description} ` : ''}List row: the full DTO without ${dropped} (Get returns them).`);
}

/**
 * One choice of a searching picker (a member, a user, a role): what it shows,
 * and a detail that tells two equal names apart (user name and identity, a
 * role's user count).
 */
export const PickerOptionDto = z.object({
  id: z.number().int(),
  name: z.string(),
  detail: z.string().nullable(),
});
export type PickerOptionDto = z.infer<typeof PickerOptionDto>;

/** `ListResultDto<T>`. */
export function listResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** Audit fields of `FullAuditedEntity`, as they appear on a DTO. */
export const AuditedDto = z.object({
  creationTime: AbpDateTime,
  creatorUserId: z.number().int().nullable(),
  lastModificationTime: AbpDateTime.nullable(),
  lastModifierUserId: z.number().int().nullable(),
});

export interface CrudSchemas<D extends z.ZodType, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType, L extends z.ZodType = D> {
  dto: D;
  /** The GetAll row when it differs from the DTO (`listDto(...)`); default the DTO. */
  list?: L;
  create: C;
  update: U;
  /** The GetAll query; default `PagedQuery`. */
  query?: Q;
  access?: Partial<Record<'GetAll' | 'Get' | 'Create' | 'Update' | 'Delete', Access>>;
}

/**
 * The five endpoints of ABP's `AsyncCrudAppService`: GetAll (paged), Get?Id=,
 * Create (returns the created DTO), Update (full DTO with id), Delete?Id=.
 */
export function crud<D extends z.ZodType, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType = typeof PagedQuery, L extends z.ZodType = D>(
  s: CrudSchemas<D, C, U, Q, L>,
) {
  const a = s.access ?? {};
  return {
    GetAll: { input: (s.query ?? PagedQuery) as Q, output: paged((s.list ?? s.dto) as L), ...(a.GetAll && { access: a.GetAll }) },
    Get: { input: IdQuery, output: s.dto, ...(a.Get && { access: a.Get }) },
    Create: { input: s.create, output: s.dto, ...(a.Create && { access: a.Create }) },
    Update: { input: s.update, output: s.dto, ...(a.Update && { access: a.Update }) },
    Delete: { input: IdQuery, output: VoidResult, ...(a.Delete && { access: a.Delete }) },
  } satisfies Record<string, EndpointOptions>;
}

/** The names of the endpoints `crud()` produces, for runners that walk CRUD services. */
export const CRUD_METHODS = ['GetAll', 'Get', 'Create', 'Update', 'Delete'] as const;
