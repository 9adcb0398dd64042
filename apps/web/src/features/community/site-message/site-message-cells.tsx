import { Badge, HStack, Text } from '@chakra-ui/react';
import type { SiteMessageListDto } from '@edu/sdk';
import { useTranslation } from 'react-i18next';

const kindColor = { 1: 'teal', 2: 'purple', 3: 'orange' } as const;

/** 发送对象: the kind as a badge, then the user's or role's name. */
export function RecipientBadge({ row }: { row: Pick<SiteMessageListDto, 'recipientKind' | 'recipientName'> }) {
  const { t } = useTranslation();
  return (
    <HStack gap="1.5" minW="0">
      <Badge size="sm" variant="subtle" colorPalette={kindColor[row.recipientKind]}>
        {t(`siteMessage.kinds.${row.recipientKind}`)}
      </Badge>
      {row.recipientName && <Text truncate>{row.recipientName}</Text>}
    </HStack>
  );
}

/** 已读 x / y: how many of the recipients have opened it. */
export function ReadCount({ row }: { row: Pick<SiteMessageListDto, 'readCount' | 'recipientCount'> }) {
  const { t } = useTranslation();
  const all = row.recipientCount > 0 && row.readCount >= row.recipientCount;
  return (
    <Text as="span" fontSize="sm" color={all ? 'green.700' : 'fg'} whiteSpace="nowrap" data-testid="read-count">
      {t('siteMessage.readOf', { read: row.readCount, total: row.recipientCount })}
    </Text>
  );
}

/** The title; bold with a 未读 badge while a message addressed to the caller is unread. */
export function TitleCell({ row }: { row: Pick<SiteMessageListDto, 'title' | 'isRecipient' | 'isRead'> }) {
  const { t } = useTranslation();
  const unread = row.isRecipient && !row.isRead;
  return (
    <HStack gap="1.5" minW="0">
      {unread && (
        <Badge size="sm" colorPalette="red" variant="solid" flexShrink={0}>
          {t('siteMessage.unreadBadge')}
        </Badge>
      )}
      <Text truncate fontWeight={unread ? 'semibold' : 'normal'}>
        {row.title}
      </Text>
    </HStack>
  );
}
