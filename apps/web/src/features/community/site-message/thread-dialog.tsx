import { Badge, Box, Button, CloseButton, Field, Flex, HStack, Separator, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { SITE_MESSAGE_REPLY_MAX, type SiteMessageListDto, type SiteMessageReplyDto } from '@edu/sdk';
import { formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { useUnreadCount } from '../../../lib/unread.ts';
import { useApi, useApiMutation } from '../../../lib/use-api.ts';
import type { RowDialogProps } from '../../../resources/index.ts';
import { RecipientBadge, ReadCount } from './site-message-cells.tsx';

function ReplyItem({ reply, onAnswer }: { reply: SiteMessageReplyDto; onAnswer?: (r: SiteMessageReplyDto) => void }) {
  const { t } = useTranslation();
  const platform = reply.fromPlatform;
  return (
    <Box
      as="li"
      listStyleType="none"
      p="3"
      borderRadius="md"
      borderWidth="1px"
      bg={platform ? 'blue.50' : 'bg'}
      borderColor={platform ? 'blue.100' : 'border'}
      ms={platform ? '8' : '0'}
      me={platform ? '0' : '8'}
      data-testid="thread-reply"
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {reply.creatorName ?? t('siteMessage.thread.unknownUser')}
          </Text>
          <Badge size="sm" colorPalette={platform ? 'blue' : 'gray'}>
            {t(platform ? 'siteMessage.thread.platform' : 'siteMessage.thread.member')}
          </Badge>
          {platform && reply.memberName && (
            <Text fontSize="xs" color="fg.muted">
              {t('siteMessage.thread.toMember', { name: reply.memberName })}
            </Text>
          )}
          {platform && !reply.memberName && (
            <Text fontSize="xs" color="fg.muted">
              {t('siteMessage.thread.toEveryone')}
            </Text>
          )}
        </HStack>
        <HStack gap="2">
          <Text fontSize="xs" color="fg.muted">
            {formatDateTimeUtc8(reply.creationTime)}
          </Text>
          {onAnswer && !platform && (
            <Button size="2xs" variant="outline" onClick={() => onAnswer(reply)}>
              {t('siteMessage.thread.answer')}
            </Button>
          )}
        </HStack>
      </Flex>
      <Text mt="1" whiteSpace="pre-wrap" fontSize="sm">
        {reply.content}
      </Text>
    </Box>
  );
}

/**
 * 查看 a message: what was sent, to whom, how many have read it, and the
 * thread (members' replies and the platform's answers, oldest first) with a
 * reply box. A platform reply goes to every recipient, or, after 回复 on a
 * member's reply, to that member only.
 */
export function ThreadDialog({ open, onClose, row }: RowDialogProps<SiteMessageListDto>) {
  const { t } = useTranslation();
  const message = useApi(api.siteMessage.get, { Id: row.id }, { fresh: true });
  const reply = useApiMutation(api.siteMessage.replayMessage);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<SiteMessageReplyDto | null>(null);
  const m = message.data;
  const { mutate: recount } = useUnreadCount();
  // Opening a message addressed to the caller marks it read on the server: the card and the bell count again.
  const openedOwn = m?.isRecipient === true;
  useEffect(() => {
    if (openedOwn) void recount();
  }, [openedOwn, recount]);
  const tooLong = text.length > SITE_MESSAGE_REPLY_MAX;

  const send = async () => {
    const content = text.trim();
    if (!content || tooLong) return;
    await reply.trigger({ messageId: row.id, content, parentReplyId: target?.id ?? null });
    // The write revalidates this dialog's read (SiteMessage keys): the new reply and counts show.
    setText('');
    setTarget(null);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={m?.title ?? row.title}
      data-testid="thread-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('form.close')}
        </Button>
      }
    >
      {!m ? (
        <Stack gap="3">
          <Skeleton height="5" />
          <Skeleton height="20" />
        </Stack>
      ) : (
        <Stack gap="4">
          <Flex gap="3" wrap="wrap" align="center" fontSize="sm" color="fg.muted">
            <Text>
              {t('siteMessage.thread.from', { name: m.creatorName ?? t('siteMessage.thread.unknownUser') })} · {formatDateTimeUtc8(m.creationTime)}
            </Text>
            <RecipientBadge row={m} />
            <ReadCount row={m} />
          </Flex>
          <Box p="3" borderRadius="md" bg="bg.subtle" whiteSpace="pre-wrap" data-testid="thread-content">
            {m.content}
          </Box>
          <Separator />
          <Text fontWeight="semibold" id="thread-replies-title">
            {t('siteMessage.thread.replies', { count: m.replies.length })}
          </Text>
          {m.replies.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t('siteMessage.thread.empty')}
            </Text>
          ) : (
            <Stack as="ul" gap="2" aria-labelledby="thread-replies-title" m="0" p="0">
              {m.replies.map((r) => (
                <ReplyItem key={r.id} reply={r} onAnswer={setTarget} />
              ))}
            </Stack>
          )}
          <Field.Root invalid={tooLong}>
            <Field.Label>
              {target
                ? t('siteMessage.thread.answerTo', { name: target.memberName ?? target.creatorName ?? '' })
                : t('siteMessage.thread.replyToAll')}
            </Field.Label>
            {target && (
              <HStack gap="1" fontSize="xs" color="fg.muted">
                <Text lineClamp={1}>{target.content}</Text>
                <CloseButton size="2xs" aria-label={t('siteMessage.thread.cancelAnswer')} onClick={() => setTarget(null)} />
              </HStack>
            )}
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              placeholder={t('siteMessage.thread.placeholder')}
              data-testid="thread-reply-input"
            />
            <Field.HelperText>{t('siteMessage.thread.length', { count: text.length, max: SITE_MESSAGE_REPLY_MAX })}</Field.HelperText>
          </Field.Root>
          <Flex justify="end">
            <Button
              colorPalette="blue"
              onClick={() => void send().catch(() => undefined /* the error modal says why */)}
              loading={reply.isMutating}
              disabled={!text.trim() || tooLong}
              data-testid="thread-send"
            >
              {t('siteMessage.thread.send')}
            </Button>
          </Flex>
        </Stack>
      )}
    </ModalDialog>
  );
}
