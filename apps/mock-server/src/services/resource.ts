import { Permissions, ResourceDto, ResourceService, reviewables, CreateResourceInput } from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, pinFields, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { RequestContext } from '../kit/context.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';

type In = z.output<typeof CreateResourceInput>;
const dto = dtoMapper(ResourceDto);

const resources = contentHandlers({
  reviewable: reviewables.resource,
  input: CreateResourceInput,
  model: (ctx: RequestContext): ContentTableOf<'Resource', In> => ctx.db.resource,
  richFields: [],
  textFields: ['title', 'description'],
  keywordColumns: ['title', 'description', 'fileType'],
  keywordIndex: true,
  sortable: {
    id: 'id',
    title: 'title',
    creationTime: 'creationTime',
    downloadCount: 'downloadCount',
    fileSize: 'fileSize',
    auditStatus: 'auditStatus',
    isTop: 'isTop',
    topTime: 'topTime',
  },
  pinnable: (ctx) => ctx.db.resource,
  variant: { standard: Permissions.ResourcesResource, university: Permissions.ResourcesUniversity },
  toData: (i) => i,
  // The list row is the whole DTO (a resource has no rich text to leave out).
  listDto: ResourceDto,
  listFromColumns: true,
  toDto: (r, l) => dto(r, { categoryName: l.category(r.categoryId), ...pinFields(r), ...reviewFields(r, l) }),
});

export const resource = implement(
  ResourceService,
  { ...resources, AuditedResource: resources.review, PlacedTopResource: resources.pin },
  { reviews: [reviewBinding(reviewables.resource, { model: (db) => db.resource })] },
);
