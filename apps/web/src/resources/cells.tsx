import { Badge, Box, HStack, Image, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTimeUtc8, formatDateUtc8, joinLines, nameById, primitiveText } from '@edu/ui';
import type { TFunction } from 'i18next';
import { translateOptions } from './i18n.tsx';
import type { CellType, ColumnSpec, OptionSpec } from './types.ts';

const Empty = () => (
  <Text as="span" color="fg.muted">
    —
  </Text>
);

/** A small picture of an image URL; a broken one shows a grey frame with the picture sign instead of nothing. */
function Thumb({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  const frame = { height: '8', width: '14', borderRadius: 'sm', borderWidth: '1px' } as const;
  if (broken)
    return (
      <Box {...frame} bg="bg.muted" color="fg.subtle" display="flex" alignItems="center" justifyContent="center" title={src}>
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect width="18" height="18" x="3" y="3" rx="2" />
          <circle cx="9" cy="9" r="2" />
          <path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" />
        </svg>
      </Box>
    );
  return <Image src={src} alt="" {...frame} objectFit="cover" loading="lazy" title={src} onError={() => setBroken(true)} />;
}

/** Shows a plain value by its declared type (section 9 display filters for dates and multi-line text). */
export function CellValue({ value, type = 'text', options, t }: { value: unknown; type?: CellType; options?: readonly OptionSpec[]; t: TFunction }) {
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
    case 'datetime': {
      // Date and time each stay whole; the time goes under the date only when the table is short of room
      // (table cells keep to one line otherwise).
      const [date, time] = formatDateTimeUtc8(value as string).split(' ');
      if (!date) return <Empty />;
      return (
        <Text as="span" whiteSpace="normal">
          <Text as="span" whiteSpace="nowrap">
            {date}
          </Text>
          {time && ' '}
          {time && (
            <Text as="span" whiteSpace="nowrap">
              {time}
            </Text>
          )}
        </Text>
      );
    }
    case 'date':
      return (
        <Text as="span" whiteSpace="nowrap">
          {formatDateUtc8(value as string) || <Empty />}
        </Text>
      );
    case 'multiline': {
      const text = primitiveText(value);
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
    case 'image':
      return <Thumb src={primitiveText(value)} />;
    case 'link':
      return (
        <Link href={primitiveText(value)} target="_blank" rel="noreferrer" color="brand.fg" title={primitiveText(value)}>
          {primitiveText(value)}
        </Link>
      );
    default:
      return <>{labelled ? label(value) : primitiveText(value)}</>;
  }
}

/**
 * A sortable text column with a badge after the text where `flagged(row)`:
 * built-in rows (static roles, built-in classification types) read as such.
 */
export function flaggedTextColumn<R>(field: keyof R & string, flagged: (row: R) => boolean, badgeKey: string): ColumnSpec<R> {
  return {
    field,
    sortable: true,
    render: (row, t) => (
      <>
        {String(row[field] ?? '')}
        {flagged(row) && (
          <Badge ms="2" size="sm" variant="subtle" colorPalette="orange">
            {t(badgeKey)}
          </Badge>
        )}
      </>
    ),
  };
}
