import { Badge, HStack, Text } from '@chakra-ui/react';
import { formatDateTimeUtc8, formatDateUtc8, joinLines, nameById } from '@edu/ui';
import type { TFunction } from 'i18next';
import { translateOptions } from './i18n.tsx';
import type { CellType, OptionSpec } from './types.ts';

const Empty = () => (
  <Text as="span" color="fg.subtle">
    —
  </Text>
);

/** Shows a plain value by its declared type (section 9 display filters for dates and multi-line text). */
export function CellValue({
  value,
  type = 'text',
  options,
  t,
}: {
  value: unknown;
  type?: CellType;
  options?: readonly OptionSpec[];
  t: TFunction;
}) {
  if (value === null || value === undefined || value === '') return <Empty />;
  const labelled = options ? translateOptions(t, options) : undefined;
  const label = (v: unknown) => (labelled ? nameById(labelled, v, { idKey: 'value', nameKey: 'label' }) || String(v) : String(v));
  switch (type) {
    case 'boolean':
      return <>{value ? t('filters.yes') : t('filters.no')}</>;
    case 'status':
      return value ? (
        <Badge colorPalette="green" variant="subtle">
          {t('table.status.active')}
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="subtle">
          {t('table.status.inactive')}
        </Badge>
      );
    case 'datetime':
      return <Text as="span" whiteSpace="nowrap">{formatDateTimeUtc8(value as string) || <Empty />}</Text>;
    case 'date':
      return <Text as="span" whiteSpace="nowrap">{formatDateUtc8(value as string) || <Empty />}</Text>;
    case 'multiline': {
      const text = String(value);
      return <span title={text}>{joinLines(text)}</span>;
    }
    case 'tags': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return <Empty />;
      return (
        <HStack gap="1" wrap="wrap">
          {list.map((v) => (
            <Badge key={String(v)} variant="subtle" colorPalette="brand">
              {label(v)}
            </Badge>
          ))}
        </HStack>
      );
    }
    default:
      return <>{labelled ? label(value) : String(value)}</>;
  }
}
