import { DICTIONARY_TYPES, SystemDictionaryDto, SystemDictionaryService, type DictionaryType } from '@edu/sdk';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { invalid } from '../kit/errors.ts';
import { dtoMapper } from '../kit/dto.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';

type EntryRow = RowOf<'SystemDictionary'>;

const dto = dtoMapper(SystemDictionaryDto);
const toDto = (r: EntryRow): SystemDictionaryDto => dto(r, { dictionaryType: SystemDictionaryDto.shape.dictionaryType.parse(r.dictionaryType) });

const entries: ModelCrud<
  'SystemDictionary',
  SystemDictionaryDto,
  { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; DictionaryType?: DictionaryType }
> = {
  entityName: 'SystemDictionary',
  model: (ctx) => ctx.db.systemDictionary,
  toDto,
  keywordColumns: ['name', 'value', 'remark'],
  sortable: { id: 'id', name: 'name', dictionaryType: 'dictionaryType', sort: 'sort', isActive: 'isActive', creationTime: 'creationTime' },
  filter: (q) => (q.DictionaryType ? { dictionaryType: q.DictionaryType } : undefined),
};

const fold = (name: string) => name.trim().toLowerCase();

/** Names of the type already in the tenant, case-folded. */
async function existingNames(ctx: RequestContext, dictionaryType: string, exceptId?: number): Promise<Set<string>> {
  const rows = await ctx.db.systemDictionary.findMany({
    where: { dictionaryType, ...(exceptId && { NOT: { id: exceptId } }) },
    select: { name: true },
  });
  return new Set(rows.map((r) => fold(r.name)));
}

/** A name is unique within its type (case-insensitive). */
async function assertUniqueName(ctx: RequestContext, input: { dictionaryType: string; name: string }, exceptId?: number) {
  if ((await existingNames(ctx, input.dictionaryType, exceptId)).has(fold(input.name))) invalid('name', ctx.t('DuplicateDictionaryName', input.name));
}

const generic = crudHandlers(entries);

/**
 * Dictionary entries. Edits are stored at once but take effect (for the
 * sensitive-word check) when the cache is refreshed: SettingUpdateCache, the
 * header's clear-cache button.
 */
export const systemDictionary = implement(SystemDictionaryService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertUniqueName(ctx, input);
    const created = await ctx.db.systemDictionary.create({
      data: {
        tenantId: tenantOf(ctx),
        dictionaryType: input.dictionaryType,
        name: input.name,
        value: input.value ?? null,
        sort: input.sort,
        isActive: input.isActive,
        remark: input.remark ?? null,
      },
    });
    return getDto(entries, created.id, ctx);
  },
  Update: async (input, ctx) => {
    await getOr404(entries, input.id, ctx);
    await assertUniqueName(ctx, input, input.id);
    await ctx.db.systemDictionary.update({
      where: { id: input.id },
      data: {
        dictionaryType: input.dictionaryType,
        name: input.name,
        value: input.value ?? null,
        sort: input.sort,
        isActive: input.isActive,
        remark: input.remark ?? null,
      },
    });
    return getDto(entries, input.id, ctx);
  },
  /**
   * Bulk add, one entry per name, in one transaction. Names already present
   * for the type (case-insensitive), and repeats within the request, are
   * skipped and reported in `skippedNames`.
   */
  CreateKeywordAndCharacter: (input, ctx) =>
    ctx.transaction(async (tx) => {
      const existing = await tx.db.systemDictionary.findMany({ where: { dictionaryType: input.dictionaryType }, select: { name: true } });
      const seen = new Set(existing.map((r) => fold(r.name)));
      const fresh: string[] = [];
      const skippedNames: string[] = [];
      for (const name of input.names) {
        const key = fold(name);
        if (seen.has(key)) skippedNames.push(name);
        else {
          seen.add(key);
          fresh.push(name);
        }
      }
      if (fresh.length)
        await tx.db.systemDictionary.createMany({
          data: fresh.map((name) => ({ tenantId: tenantOf(ctx), dictionaryType: input.dictionaryType, name })),
        });
      return { createdCount: fresh.length, skippedNames };
    }),
  /** The spec's delete (`DELETE CreateKeywordAndCharacter?Id=`): soft, silent for an unknown id. */
  DeleteKeywordAndCharacter: generic.Delete,
  GetDictionaryTypeList: (_input, ctx) => DICTIONARY_TYPES.map((value) => ({ value, label: ctx.t(`DictionaryType_${value}`) })),
  SettingUpdateCache: async (_input, ctx) => {
    const info = await ctx.app.dictionaryCache.refresh(ctx.session.tenantId);
    return { ...info, refreshTime: iso(info.refreshTime) };
  },
});
