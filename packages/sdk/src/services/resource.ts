import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, PinDto, PinInput, ReviewDto, WebUrl } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { paged, crud } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';

/**
 * A learning resource (资源: courseware, documents, videos) in a category of
 * class type 5. `isUniversity` is the university variant (hiresource): the same
 * entity, listed and edited under `Pages.Resources.University` instead of
 * `Pages.Resources.Resource`. Reviewable and pinnable.
 */
export const ResourceDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    description: z.string().nullable(),
    fileUrl: z.string(),
    /** File extension, e.g. `pdf`, `pptx`, `mp4`. */
    fileType: z.string().nullable(),
    /** Bytes. */
    fileSize: z.number().int().nullable(),
    coverImageUrl: z.string().nullable(),
    isUniversity: z.boolean(),
    downloadCount: z.number().int(),
  })
  .extend(PinDto.shape)
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type ResourceDto = z.infer<typeof ResourceDto>;

export const CreateResourceInput = z.object({
  title: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1),
  description: z.string().trim().max(2000).nullish(),
  fileUrl: WebUrl,
  fileType: z
    .string()
    .trim()
    .max(16)
    .regex(/^[A-Za-z0-9]+$/, 'Letters and digits only')
    .nullish(),
  fileSize: z
    .number()
    .int()
    .min(0)
    .max(10 * 1024 ** 3)
    .nullish(),
  coverImageUrl: WebUrl.nullish(),
  isUniversity: z.boolean().default(false),
});
export const UpdateResourceInput = CreateResourceInput.extend({ id: z.number().int().min(1) });
/** `IsUniversity` picks the variant (default false: the ordinary list). */
export const GetAllResourceInput = ContentQuery.extend({ IsUniversity: z.boolean().optional() });

/** The resources' permissions (the permission tree collects them from this service). */
export const ResourcePermissions = declarePermissions({
  Resources: {
    Resource: permission('资源', 'Resources'),
    University: permission('大学资源', 'University resources'),
    AuditResource: permission('资源审核', 'Resource review', { reviews: true }),
  },
});
const P = ResourcePermissions;
const editors = [P.ResourcesResource, P.ResourcesUniversity] as const;

export const ResourceService = reviewable(
  withPermissions(
    defineService(
      'Resource',
      {
        ...crud({ dto: ResourceDto, create: CreateResourceInput, update: UpdateResourceInput, query: GetAllResourceInput }),
        GetAllModerated: { input: GetAllResourceInput, output: paged(ResourceDto), access: P.ResourcesAuditResource },
        PlacedTopResource: { input: PinInput, output: ResourceDto },
        AuditedResource: { input: AuditInput, output: ResourceDto, access: P.ResourcesAuditResource },
      },
      { access: editors },
    ),
    ResourcePermissions,
  ),
  {
    /** Resources: one step by `Pages.Resources.AuditResource`. */
    resource: {
      reviewEndpoint: 'AuditedResource',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditResourceFlow', P.ResourcesAuditResource),
      classTypeId: ClassType.Resource,
      displayName: { 'zh-Hans': '资源', en: 'resource' },
      countText: { 'zh-Hans': '{0} 个资源', en: '{0} resource(s)' },
      title: { 'zh-Hans': '资源', en: 'Resources' },
    },
  },
);
