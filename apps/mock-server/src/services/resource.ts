import { reviewables, Permissions, ResourceService, type ResourceDto } from '@edu/sdk';
import { contentHandlers, pinFields, reviewFields, type ContentRow } from '../kit/content.ts';
import { implement } from '../kit/register-service.ts';

type ResourceRow = ContentRow & {
  categoryId: number;
  description: string | null;
  fileUrl: string;
  fileType: string | null;
  fileSize: number | null;
  coverImageUrl: string | null;
  isUniversity: boolean;
  downloadCount: number;
};

const resources = contentHandlers<ResourceRow, ResourceDto, { title: string; categoryId: number; description?: string | null }>({
  reviewable: reviewables.resource,
  model: (ctx) => ctx.db.resource as never,
  richFields: [],
  textFields: ['title', 'description'],
  keywordColumns: ['title', 'description', 'fileType'],
  sortable: { id: 'id', title: 'title', creationTime: 'creationTime', downloadCount: 'downloadCount', fileSize: 'fileSize', auditStatus: 'auditStatus', isTop: 'isTop', topTime: 'topTime' },
  pinnable: true,
  variant: { standard: Permissions.ResourcesResource, university: Permissions.ResourcesUniversity },
  toData: (i) => i,
  toDto: (r, l) => ({
    id: r.id,
    title: r.title,
    categoryId: r.categoryId,
    categoryName: l.category(r.categoryId),
    description: r.description,
    fileUrl: r.fileUrl,
    fileType: r.fileType,
    fileSize: r.fileSize,
    coverImageUrl: r.coverImageUrl,
    isUniversity: r.isUniversity,
    downloadCount: r.downloadCount,
    ...pinFields(r),
    ...reviewFields(r, l),
  }),
});

export const resource = implement(ResourceService, { ...resources, AuditedResource: resources.review, PlacedTopResource: resources.pin });
