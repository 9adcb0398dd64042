import { Badge, Box, Button, Field, Flex, HStack, Separator, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { canDecide, reviewables, type QuestionOfAskDto, type QuestionOfAskListDto, type QuestionOfAskReplyDto } from '@edu/sdk';
import { ConfirmDialog, formatDateTimeUtc8, ModalDialog, notify } from '@edu/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { isGranted, useCan } from '../../../lib/permissions.ts';
import { useApi, useApiMutation } from '../../../lib/use-api.ts';
import { AuditBadge, type RowDialogProps } from '../../../resources/index.ts';

/** Replies shown in one thread view: the newest 200 (GetAllAskReply's page limit). */
const THREAD_PAGE = 200;

type Item = { id: number; auditStatus: 0 | 1 | 2; reviewStep: number };

/** 审核通过 and 驳回 (with a reason typed in place) for one item of the thread. */
function ReviewControls({
  item,
  kind,
  onDecide,
}: {
  item: Item;
  kind: 'question' | 'reply';
  onDecide: (status: 1 | 2, reason?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const flow = (kind === 'question' ? reviewables.questionOfAsk : reviewables.questionOfAskReply).flow;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<null | 1 | 2>(null);
  if (!canDecide(flow, item, isGranted)) return null;
  const run = async (status: 1 | 2) => {
    setBusy(status);
    try {
      await onDecide(status, status === 2 ? reason.trim() : undefined);
      setRejecting(false);
      setReason('');
    } catch {
      // The error modal has told the user; keep what they typed.
    } finally {
      setBusy(null);
    }
  };
  const label = (key: string) => t(`answerQuestion.actions.${key}`);
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        {item.auditStatus !== 1 && (
          <Button size="xs" colorPalette="green" variant="outline" loading={busy === 1} onClick={() => void run(1)} data-action="approve">
            {label('approve')}
          </Button>
        )}
        {item.auditStatus !== 2 && !rejecting && (
          <Button size="xs" colorPalette="red" variant="outline" onClick={() => setRejecting(true)} data-action="reject">
            {label('reject')}
          </Button>
        )}
      </HStack>
      {rejecting && (
        <Stack gap="2" borderWidth="1px" borderColor="red.200" rounded="md" p="3">
          <Field.Root required>
            <Field.Label htmlFor={reasonId}>{t('content.review.reason')}</Field.Label>
            <Textarea
              id={reasonId}
              rows={2}
              value={reason}
              maxLength={500}
              placeholder={t('content.review.reasonPlaceholder')}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field.Root>
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette="red"
              disabled={!reason.trim()}
              loading={busy === 2}
              onClick={() => void run(2)}
              data-action="confirm-reject"
            >
              {label('confirmReject')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setRejecting(false)}>
              {label('cancel')}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

/** Who wrote a reply: name and a badge for staff answers. */
function Author({ reply }: { reply: QuestionOfAskReplyDto }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2">
      <Text fontWeight="semibold">{reply.creatorName ?? t('answerQuestion.unknownAuthor')}</Text>
      {reply.creatorIdentity !== null && reply.creatorIdentity !== 1 && (
        <Badge size="sm" variant="subtle" colorPalette="blue">
          {t(`answerQuestion.identity.${reply.creatorIdentity}`)}
        </Badge>
      )}
      {reply.isAccepted && (
        <Badge size="sm" variant="solid" colorPalette="green">
          {t('answerQuestion.accepted')}
        </Badge>
      )}
    </HStack>
  );
}

function ReplyItem({ reply, question }: { reply: QuestionOfAskReplyDto; question: QuestionOfAskDto | undefined }) {
  const { t } = useTranslation();
  const canManage = useCan(api.questionOfAsk.deleteReplayAsk.endpoint.access);
  const audit = useApiMutation(api.questionOfAsk.auditReplayAsk);
  const remove = useApiMutation(api.questionOfAsk.deleteReplayAsk);
  const accept = useApiMutation(api.questionOfAsk.acceptReplayAsk);
  const [confirming, setConfirming] = useState(false);
  const accepted = question?.acceptedReplyId === reply.id;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" rounded="md" p="3" data-testid="thread-reply" data-reply-id={reply.id}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1">
          <Author reply={reply} />
          <Text color="fg.muted" fontSize="xs">
            {formatDateTimeUtc8(reply.creationTime)}
          </Text>
        </Stack>
        <AuditBadge row={reply} />
      </Flex>
      <Text mt="2" whiteSpace="pre-wrap">
        {reply.content}
      </Text>
      <Flex mt="3" gap="2" justify="space-between" align="flex-start" wrap="wrap">
        <ReviewControls
          item={reply}
          kind="reply"
          onDecide={async (auditStatus, auditReason) => {
            await audit.trigger({ id: reply.id, auditStatus, auditReason });
            notify.success(t(auditStatus === 1 ? 'content.review.approved' : 'content.review.rejected'));
          }}
        />
        {canManage && (
          <HStack gap="2">
            {reply.auditStatus === 1 && question?.auditStatus === 1 && (
              <Button
                size="xs"
                variant="ghost"
                onClick={() => void accept.trigger({ id: reply.questionOfAskId, replyId: accepted ? null : reply.id }).catch(() => undefined)}
                loading={accept.isMutating}
              >
                {t(accepted ? 'answerQuestion.actions.unaccept' : 'answerQuestion.actions.accept')}
              </Button>
            )}
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)} data-action="delete-reply">
              {t('answerQuestion.actions.deleteReply')}
            </Button>
          </HStack>
        )}
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('answerQuestion.deleteReply.title')}
        description={t('answerQuestion.deleteReply.description')}
        confirmLabel={t('answerQuestion.actions.deleteReply')}
        destructive
        onConfirm={async () => {
          await remove.trigger({ Id: reply.id });
          notify.success(t('answerQuestion.deleteReply.done'));
        }}
      />
    </Box>
  );
}

/** The console's own answer: published at once (staff replies need no review). */
function ReplyBox({ question }: { question: QuestionOfAskDto }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const send = useApiMutation(api.questionOfAsk.replayAsk);
  const open = question.auditStatus === 1;
  const submit = async () => {
    try {
      await send.trigger({ questionOfAskId: question.id, content: text.trim() });
      setText('');
      notify.success(t('answerQuestion.replyBox.sent'));
    } catch {
      // Shown by the error modal (or on the field for a sensitive word); the text stays.
    }
  };
  return (
    <Stack gap="2" as="form" data-testid="thread-reply-box" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Field.Root disabled={!open} invalid={send.error?.validationErrors?.length ? true : undefined}>
        <Field.Label htmlFor={id}>{t('answerQuestion.replyBox.label')}</Field.Label>
        <Textarea
          id={id}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('answerQuestion.replyBox.placeholder')}
        />
        <Field.HelperText>{t(open ? 'answerQuestion.replyBox.hint' : 'answerQuestion.replyBox.closed')}</Field.HelperText>
      </Field.Root>
      <Box>
        <Button type="submit" colorPalette="brand" size="sm" disabled={!open || !text.trim()} loading={send.isMutating}>
          {t('answerQuestion.replyBox.submit')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * 查看问答: the question (its review state and decision), every reply with its
 * own state and decisions, delete and accept per reply, and the console's
 * answer box. Reads `Get` and `GetAllAskReply`; writes revalidate both (one service).
 */
export function ThreadDialog({ open, onClose, row }: RowDialogProps<QuestionOfAskListDto>) {
  const { t } = useTranslation();
  const question = useApi(api.questionOfAsk.get, open ? { Id: row.id } : null, { fresh: true });
  const replies = useApi(api.questionOfAsk.getAllAskReply, open ? { QuestionOfAskId: row.id, MaxResultCount: THREAD_PAGE } : null);
  const audit = useApiMutation(api.questionOfAsk.auditedQuestionOfAsk);
  const q = question.data;
  const items = replies.data?.items ?? [];
  return (
    <ModalDialog open={open} onOpenChange={(o) => !o && onClose()} title={row.title} size="xl" data-testid="thread-dialog">
      <Stack gap="5">
        <Stack gap="3" as="section" aria-label={t('answerQuestion.thread.question')} data-testid="thread-question">
          <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
            <Text color="fg.muted" fontSize="sm">
              {[row.creatorName, row.categoryName, formatDateTimeUtc8(row.creationTime)].filter(Boolean).join(' · ')}
            </Text>
            <AuditBadge row={q ?? row} />
          </Flex>
          {!q && !question.error && <Spinner size="sm" aria-label={t('app.loading')} />}
          {q && (
            <>
              <Text whiteSpace="pre-wrap">{q.content}</Text>
              <ReviewControls
                item={q}
                kind="question"
                onDecide={async (auditStatus, auditReason) => {
                  await audit.trigger({ id: q.id, auditStatus, auditReason });
                  notify.success(t(auditStatus === 1 ? 'content.review.approved' : 'content.review.rejected'));
                }}
              />
            </>
          )}
        </Stack>
        <Separator />
        <Stack gap="3" as="section" aria-label={t('answerQuestion.thread.replies')}>
          <Text fontWeight="semibold" data-testid="thread-counts">
            {t('answerQuestion.thread.replyCounts', {
              total: replies.data?.totalCount ?? 0,
              approved: q?.approvedReplyCount ?? row.approvedReplyCount,
              pending: q?.pendingReplyCount ?? row.pendingReplyCount,
            })}
          </Text>
          {!replies.data && !replies.error && <Spinner size="sm" aria-label={t('app.loading')} />}
          {replies.data && items.length === 0 && <Text color="fg.muted">{t('answerQuestion.thread.noReplies')}</Text>}
          <Stack as="ul" gap="3" m="0" p="0">
            {items.map((r) => (
              <ReplyItem key={r.id} reply={r} question={q} />
            ))}
          </Stack>
        </Stack>
        <Separator />
        {q && <ReplyBox question={q} />}
      </Stack>
    </ModalDialog>
  );
}
