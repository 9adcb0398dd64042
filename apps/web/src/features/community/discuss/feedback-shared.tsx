import { Badge, HStack, Text } from '@chakra-ui/react';
import type { SensitiveFlagDto } from '@edu/sdk';
import { useTranslation } from 'react-i18next';
import { auditOptions, type FilterSpec } from '../../../resources/index.ts';

/**
 * What the comment and leave-message screens share: the text cell with the
 * sensitive-word flag, and the filters both lists take (review state, flagged,
 * UTC+8 days). Labels under `discuss.shared.*` (locales feedback.json).
 */

/** 敏感词 ×n: the item had words masked (`sensitiveHits`); the words in its title and for screen readers. */
export function SensitiveBadge({ row }: { row: SensitiveFlagDto }) {
  const { t } = useTranslation();
  if (row.sensitiveHits === 0) return null;
  const words = row.sensitiveWords.join('、');
  return (
    <Badge variant="subtle" colorPalette="red" title={t('discuss.shared.maskedWords', { words })} data-testid="sensitive-badge">
      {t('discuss.shared.sensitive', { count: row.sensitiveHits })}
    </Badge>
  );
}

/** A text cell: the text on up to two lines with the sensitive flag after it. */
export function FlaggedText({ text, row }: { text: string; row: SensitiveFlagDto }) {
  return (
    <HStack gap="2" align="flex-start">
      <Text lineClamp={2} title={text} maxW="360px">
        {text}
      </Text>
      <SensitiveBadge row={row} />
    </HStack>
  );
}

/** Review state, flagged only / clean only, and the submission day range. */
export const feedbackFilters: FilterSpec[] = [
  { name: 'AuditStatus', type: 'select', options: auditOptions },
  {
    name: 'Flagged',
    type: 'boolean',
    labelKey: 'discuss.shared.flagged',
    trueKey: 'discuss.shared.flaggedOnly',
    falseKey: 'discuss.shared.cleanOnly',
  },
  { name: 'DateFrom', type: 'date', labelKey: 'discuss.shared.dateFrom' },
  { name: 'DateTo', type: 'date', labelKey: 'discuss.shared.dateTo' },
];
