import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, crud, listResult } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';

/**
 * The built-in classification types (分类类型), shared by every tenant with
 * these fixed ids (the spec fixes 5 for resources); tenants may add their own.
 * Built-in ones are static: not editable, not deletable.
 */
export const ClassType = {
  Article: 1,
  Course: 2,
  Question: 3,
  Paper: 4,
  Resource: 5,
  WebsiteColumn: 6,
  School: 7,
  AdPosition: 8,
} as const;

export const ClassificationTypeDto = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Machine name, e.g. `article`, `resource`. */
  code: z.string(),
  sort: z.number().int(),
  isActive: z.boolean(),
  /** Built in (tenantId null): shared by all tenants, read-only. */
  isStatic: z.boolean(),
  description: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type ClassificationTypeDto = z.infer<typeof ClassificationTypeDto>;

export const CreateClassificationTypeInput = z.object({
  name: z.string().trim().min(1).max(64),
  code: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Start with a letter; letters, digits and _ only'),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
  description: z.string().max(500).nullish(),
});
export const UpdateClassificationTypeInput = CreateClassificationTypeInput.extend({ id: z.number().int().min(1) });

/** The classification types' permission (the permission tree collects them from this service). */
export const ClassificationTypePermissions = declarePermissions({
  Administration: {
    ClassificationTypes: permission('分类类型', 'Classification types', { order: 4 }),
  },
});

export const ClassificationTypeService = withPermissions(
  defineService(
    'ClassificationType',
    {
      ...crud({ dto: ClassificationTypeDto, create: CreateClassificationTypeInput, update: UpdateClassificationTypeInput }),
      /** Active types for pickers (built-in and the tenant's own), by sort. Any console user may read it. */
      GetClassificationTypeList: {
        input: z.object({}),
        output: listResult(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
        access: 'authenticated',
      },
    },
    { access: ClassificationTypePermissions.ClassificationTypes },
  ),
  ClassificationTypePermissions,
);
