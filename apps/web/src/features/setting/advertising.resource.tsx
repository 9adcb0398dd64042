import { Badge, Stack, Text } from '@chakra-ui/react';
import { CreateAdvertisingInput, UpdateAdvertisingInput, type AdvertisingDto } from '@edu/sdk';
import { formatDateTimeUtc8, type SelectOption } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { api } from '../../lib/client.ts';
import { defineResource, useApi } from '../../resources/index.ts';

/** Ad positions (`GetAdvertisingCategoryList`: categories of class type 8). */
function usePositions(): SelectOption[] {
  const { data } = useApi(api.advertising.getAdvertisingCategoryList, {});
  return useMemo(() => (data ?? []).map((c) => ({ value: c.id, label: c.name })), [data]);
}

/** Whether an ad shows now: off, scheduled, running or ended. */
export function adState(
  row: Pick<AdvertisingDto, 'isActive' | 'startTime' | 'endTime'>,
  now = Date.now(),
): 'off' | 'scheduled' | 'running' | 'ended' {
  if (!row.isActive) return 'off';
  if (row.startTime && Date.parse(row.startTime) > now) return 'scheduled';
  if (row.endTime && Date.parse(row.endTime) < now) return 'ended';
  return 'running';
}

const STATE_COLORS = { off: 'gray', scheduled: 'blue', running: 'green', ended: 'orange' } as const;

function periodCell(row: AdvertisingDto, t: TFunction) {
  const state = adState(row);
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette={STATE_COLORS[state]}>
        {t(`resources.advertising.states.${state}`)}
      </Badge>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {row.startTime || row.endTime
          ? `${formatDateTimeUtc8(row.startTime) || t('resources.advertising.open')} ~ ${formatDateTimeUtc8(row.endTime) || t('resources.advertising.open')}`
          : t('resources.advertising.always')}
      </Text>
    </Stack>
  );
}

/** 广告管理: ads in positions, shown between optional start and end times (UTC+8). */
export const advertisingResource = defineResource({
  name: 'advertising',
  service: api.advertising,
  tenantOwned: true,
  rowLabel: (row) => row.title,
  columns: [
    { field: 'imageUrl', type: 'image', width: '88px' },
    { field: 'title', sortable: true, truncate: true, width: '220px' },
    { field: 'categoryName', sortField: 'categoryId', sortable: true },
    { field: 'linkUrl', type: 'link', truncate: true, width: '200px' },
    { field: 'period', computed: true, render: periodCell },
    { field: 'sort', sortable: true, width: '72px' },
    { field: 'clickCount', sortable: true, width: '88px' },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  filters: [
    { name: 'Keyword', type: 'keyword' },
    { name: 'CategoryId', type: 'select', useOptions: usePositions, formField: 'categoryId' },
  ],
  form: {
    create: CreateAdvertisingInput,
    update: UpdateAdvertisingInput,
    defaults: { sort: 0, isActive: true },
    fields: [
      { name: 'title', type: 'text', span: 2 },
      { name: 'categoryId', type: 'select', useOptions: usePositions, emptyValue: undefined },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'imageUrl', type: 'image', span: 2, helpKey: 'resources.advertising.hints.imageUrl' },
      { name: 'linkUrl', type: 'url', span: 2 },
      { name: 'startTime', type: 'datetime' },
      { name: 'endTime', type: 'datetime' },
      { name: 'isActive', type: 'switch', helpKey: 'resources.advertising.hints.isActive' },
    ],
  },
});
