import { z } from 'zod';
import { WebUrl } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, AbpDateTimeInput, PagedQuery, crud } from '../core/schemas.ts';
import { PermissionGroups } from '../core/permission.ts';

/** An advertisement shown in an ad position (a category of class type 8) between optional start and end times. */
export const AdvertisingDto = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sort: z.number().int(),
  isActive: z.boolean(),
  startTime: AbpDateTime.nullable(),
  endTime: AbpDateTime.nullable(),
  clickCount: z.number().int(),
  creationTime: AbpDateTime,
});
export type AdvertisingDto = z.infer<typeof AdvertisingDto>;

const advertisingFields = z.object({
  title: z.string().trim().min(1).max(100),
  categoryId: z.number().int().min(1),
  imageUrl: WebUrl,
  linkUrl: WebUrl.nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
  startTime: AbpDateTimeInput.nullish(),
  endTime: AbpDateTimeInput.nullish(),
});
const endAfterStart = (v: { startTime?: string | null; endTime?: string | null }) =>
  !v.startTime || !v.endTime || new Date(v.endTime) >= new Date(v.startTime);
const endMessage = { message: 'The end time must not be before the start time', path: ['endTime'] };

export const CreateAdvertisingInput = advertisingFields.refine(endAfterStart, endMessage);
export const UpdateAdvertisingInput = advertisingFields.extend({ id: z.number().int().min(1) }).refine(endAfterStart, endMessage);
export const GetAllAdvertisingInput = PagedQuery.extend({ CategoryId: z.number().int().min(1).optional() });

export const AdvertisingService = defineService(
  'Advertising',
  {
    ...crud({ dto: AdvertisingDto, create: CreateAdvertisingInput, update: UpdateAdvertisingInput, query: GetAllAdvertisingInput }),
    /** Inferred name (the spec says "a category list call"): the ad positions, categories of class type 8. */
    GetAdvertisingCategoryList: {
      input: z.object({}),
      output: z.array(z.object({ id: z.number().int(), name: z.string() })),
      inferred: true,
    },
  },
  { access: PermissionGroups.Administration.name },
);
