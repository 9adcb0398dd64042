import { useEffect, useState } from 'react';
import { Badge, Box, Center, Flex, IconButton, Link, Popover, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Permissions } from '@edu/sdk';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../lib/client.ts';
import { useIsGranted } from '../../lib/permissions.ts';
import { useUnreadCount } from '../../lib/unread.ts';
import { loadNotices, noticesStore, readAllNotices, type Notice } from '../notices.ts';
import { Icon } from './icons.tsx';

/** Spec section 9: the notice popover shows a spinner for 2 s when opened. */
export const NOTICE_SPINNER_MS = 2000;

const typeColor: Record<Notice['type'], string> = { 0: 'blue', 1: 'green', 2: 'orange' };

/**
 * The notice popover: the signed-in user's notifications as the server pushed
 * them over SignalR (never sample data); each with read flag, type, title and description.
 * The badge is the server's unread count (`SiteMessage/GetNotReadMessageCount`:
 * unread site messages + unread notifications), the figure the home page's
 * 未读消息 card shows too; unread site messages are named above the list.
 */
export function NoticesPopover() {
  const { t } = useTranslation();
  const items = noticesStore.use((s) => s.items);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const count = useUnreadCount();
  const { mutate: recount } = count;
  const unread = count.data?.totalCount ?? 0;
  const siteMessages = count.data?.siteMessageCount ?? 0;
  const canOpenMessages = useIsGranted(Permissions.OthersSiteMessage);

  // A pushed notification is stored before it is pushed: count again when one arrives.
  useEffect(() => {
    void recount();
  }, [items.length, recount]);

  useEffect(() => {
    if (!open) return;
    // The spinner (set on opening) shows for 2 s while the stored notifications load (a failure leaves the pushed ones).
    const load = loadNotices(api).catch(() => undefined);
    const id = window.setTimeout(() => void load.then(() => setLoading(false)), NOTICE_SPINNER_MS);
    return () => window.clearTimeout(id);
  }, [open]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) setLoading(true);
        if (!e.open)
          void readAllNotices(api)
            .catch(() => undefined)
            .then(() => recount());
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" color="gray.600" title={t('shell.notices')} position="relative" data-testid="notices-button">
          <Icon name="bell" />
          {/* Named by text, not aria-label: the visible unread count must be part of the name. */}
          <VisuallyHidden>{t('shell.notices')}</VisuallyHidden>
          {unread > 0 && (
            <Box
              position="absolute"
              top="0"
              right="0"
              minW="15px"
              h="15px"
              px="3px"
              rounded="full"
              bg="red.600"
              color="white"
              fontSize="9px"
              lineHeight="15px"
              borderWidth="1px"
              borderColor="white"
              textAlign="center"
              data-testid="notices-unread"
            >
              {unread > 99 ? '99+' : unread}
            </Box>
          )}
        </IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="320px" data-testid="notices-popover">
          {/* A div, not Popover.Header's <header>: a second banner landmark beside the page's. */}
          <Box px={4} py={2} borderBottomWidth="1px" borderColor="gray.100">
            <Popover.Title fontWeight="semibold">{t('notices.title')}</Popover.Title>
          </Box>
          <Popover.Body p={0} maxH="360px" overflowY="auto">
            {siteMessages > 0 && (
              <Flex px={4} py={2} gap={2} align="center" justify="space-between" bg="blue.50" fontSize="sm" data-testid="notices-site-messages">
                <Text>{t('siteMessage.unread.messages', { count: siteMessages })}</Text>
                {canOpenMessages && (
                  <Link asChild color="blue.700" fontSize="xs">
                    <RouterLink to="/miscellaneous/siteMessage" onClick={() => setOpen(false)}>
                      {t('siteMessage.unread.open')}
                    </RouterLink>
                  </Link>
                )}
              </Flex>
            )}
            {loading ? (
              <Center py={10} flexDirection="column" gap={2} data-testid="notices-spinner">
                <Spinner color="blue.500" />
                <Text fontSize="xs" color="gray.600">
                  {t('notices.loading')}
                </Text>
              </Center>
            ) : items.length === 0 ? (
              <Center py={10} color="gray.600" fontSize="sm" data-testid="notices-empty">
                {t('notices.empty')}
              </Center>
            ) : (
              <Stack gap={0} data-testid="notices-list">
                {items.map((n) => (
                  <Flex key={n.id} gap={3} px={4} py={3} borderBottomWidth="1px" borderColor="gray.50" data-testid="notice">
                    <Box
                      mt={1.5}
                      w="8px"
                      h="8px"
                      rounded="full"
                      flexShrink={0}
                      bg={n.read ? 'transparent' : 'red.500'}
                      title={t(n.read ? 'notices.read' : 'notices.unread')}
                    />
                    <Box flex="1" minW={0}>
                      <Flex align="center" gap={2}>
                        <Badge size="sm" colorPalette={typeColor[n.type]}>
                          {t(`notices.types.${n.type}`)}
                        </Badge>
                        <Text fontSize="sm" fontWeight={n.read ? 'normal' : 'semibold'} truncate>
                          {n.title}
                        </Text>
                      </Flex>
                      {n.description && (
                        <Text mt={1} fontSize="xs" color="gray.600" lineClamp={2}>
                          {n.description}
                        </Text>
                      )}
                    </Box>
                  </Flex>
                ))}
              </Stack>
            )}
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
