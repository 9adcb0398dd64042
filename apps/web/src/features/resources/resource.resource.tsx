import { Badge, HStack, Text } from '@chakra-ui/react';
import { CreateResourceInput, Permissions, reviewables, UpdateResourceInput, type ResourceDto } from '@edu/sdk';
import { formatDateTimeUtc8 } from '@edu/ui';
import { api } from '../../lib/client.ts';
import { defineResource, pinnedTitle, previewAction } from '../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../shared/content-preset.tsx';
import { categoryColumn, categoryField, ClassType } from '../../shared/categories.tsx';

/** `2.4 MB`: a byte count as people read it (binary units, one decimal from KB on). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1).replace(/\.0$/, '')} ${units[i]}`;
}

function fileCell(row: ResourceDto) {
  return (
    <HStack gap="1.5" whiteSpace="nowrap">
      {row.fileType && (
        <Badge size="sm" variant="outline" colorPalette="gray" textTransform="uppercase">
          {row.fileType}
        </Badge>
      )}
      <Text as="span" color="fg.muted" fontSize="xs">
        {formatFileSize(row.fileSize)}
      </Text>
    </HStack>
  );
}

const preview = previewAction<ResourceDto, typeof ResourceDto>({
  get: api.resource.get,
  title: (row) => row.title,
  meta: (row) => [row.categoryName, row.creatorName, formatDateTimeUtc8(row.creationTime)],
  sections: (row) => [
    { labelKey: 'resources.resource.fields.fileUrl', text: `${row.fileUrl}${row.fileSize ? `（${formatFileSize(row.fileSize)}）` : ''}` },
    { labelKey: 'resources.resource.fields.description', text: row.description },
  ],
});

/**
 * 资源: courseware, lesson plans, papers and videos in resource categories
 * (class type 5). One declaration serves 资源 and 大学资源 (the `university`
 * variant) and 资源审核 (`moderated`). Pinned resources list first.
 */
export const resourceResource = defineResource({
  name: 'resource',
  service: api.resource,
  rowLabel: (row) => row.title,
  columns: [
    { field: 'title', sortable: true, render: pinnedTitle((row) => row.title), width: '300px' },
    categoryColumn<ResourceDto>(ClassType.Resource),
    { field: 'fileType', sortField: 'fileSize', sortable: true, render: fileCell },
    { field: 'creatorName' },
    reviewColumn<ResourceDto>(reviewables.resource),
    { field: 'downloadCount', sortable: true, width: '88px', align: 'end' },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  form: {
    create: CreateResourceInput,
    update: UpdateResourceInput,
    size: 'lg',
    fields: [
      { name: 'title', type: 'text', span: 2 },
      categoryField<ResourceDto>(ClassType.Resource),
      { name: 'fileType', type: 'text', helpKey: 'resources.resource.hints.fileType' },
      { name: 'fileUrl', type: 'url', span: 2, helpKey: 'resources.resource.hints.fileUrl' },
      { name: 'fileSize', type: 'number', min: 0, helpKey: 'resources.resource.hints.fileSize' },
      { name: 'coverImageUrl', type: 'image' },
      { name: 'description', type: 'textarea', rows: 3, helpKey: 'content.review.editHint' },
    ],
  },
  ...contentPreset(reviewables.resource, api.resource, {
    preview,
    pin: api.resource.placedTopResource,
    variants: ['moderated', 'university'],
    universityPermission: Permissions.ResourcesUniversity,
  }),
});
