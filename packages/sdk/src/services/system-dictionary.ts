import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, IdQuery, PagedQuery, VoidResult, crud } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';

/**
 * Dictionary types (字典类型). `sensitiveWord` entries are enforced: content
 * whose text contains one is refused (400 on the field). The server reads them
 * from a cache that `SettingUpdateCache` refreshes (the header's clear-cache
 * button), so edits take effect when an administrator refreshes.
 */
export const DICTIONARY_TYPES = ['keyword', 'sensitiveWord', 'specialCharacter', 'siteSetting'] as const;
export const DictionaryType = z.enum(DICTIONARY_TYPES);
export type DictionaryType = z.infer<typeof DictionaryType>;
/** The types `CreateKeywordAndCharacter` adds in bulk. */
export const WordDictionaryType = z.enum(['keyword', 'sensitiveWord', 'specialCharacter']);

export const SystemDictionaryDto = z.object({
  id: z.number().int(),
  dictionaryType: DictionaryType,
  name: z.string(),
  value: z.string().nullable(),
  sort: z.number().int(),
  isActive: z.boolean(),
  remark: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type SystemDictionaryDto = z.infer<typeof SystemDictionaryDto>;

export const CreateSystemDictionaryInput = z.object({
  dictionaryType: DictionaryType,
  name: z.string().trim().min(1).max(128),
  value: z.string().max(2000).nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
  remark: z.string().max(500).nullish(),
});
export const UpdateSystemDictionaryInput = CreateSystemDictionaryInput.extend({ id: z.number().int().min(1) });
export const GetAllSystemDictionaryInput = PagedQuery.extend({ DictionaryType: DictionaryType.optional() });

/** Bulk add of words (one per entry); existing words of the type are skipped and reported. */
export const CreateKeywordAndCharacterInput = z.object({
  dictionaryType: WordDictionaryType,
  names: z.array(z.string().trim().min(1).max(64)).min(1).max(1000),
});
export const CreateKeywordAndCharacterOutput = z.object({ createdCount: z.number().int(), skippedNames: z.array(z.string()) });

export const DictionaryCacheDto = z.object({
  refreshTime: AbpDateTime,
  entryCount: z.number().int(),
  countsByType: z.record(z.string(), z.number().int()),
});

const { GetAll, Get, Create, Update } = crud({
  dto: SystemDictionaryDto,
  create: CreateSystemDictionaryInput,
  update: UpdateSystemDictionaryInput,
  query: GetAllSystemDictionaryInput,
});

/** The dictionaries' permission (the permission tree collects them from this service). */
export const SystemDictionaryPermissions = declarePermissions({
  Administration: {
    Dictionarys: permission('字典管理', 'Dictionaries', { order: 6 }),
  },
});

export const SystemDictionaryService = withPermissions(
  defineService(
    'SystemDictionary',
    {
      GetAll,
      Get,
      Create,
      Update,
      CreateKeywordAndCharacter: { input: CreateKeywordAndCharacterInput, output: CreateKeywordAndCharacterOutput },
      /** The spec's delete: `DELETE CreateKeywordAndCharacter?Id=` (same path as the bulk create). */
      DeleteKeywordAndCharacter: { input: IdQuery, output: VoidResult, verb: 'DELETE', action: 'CreateKeywordAndCharacter' },
      GetDictionaryTypeList: {
        input: z.object({}),
        output: z.array(z.object({ value: DictionaryType, label: z.string() })),
        access: 'authenticated',
      },
      /** Reloads the server's dictionary cache and reports what it holds. */
      SettingUpdateCache: { input: z.object({}), output: DictionaryCacheDto },
    },
    { access: SystemDictionaryPermissions.Dictionarys },
  ),
  SystemDictionaryPermissions,
);
