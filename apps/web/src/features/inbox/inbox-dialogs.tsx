import { Badge, Box, Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { REVIEW_REASON_TEMPLATES, type ReviewInboxItemDto } from '@edu/sdk';
import { formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi } from '../../resources/index.ts';
import { composeReason, resultSummary, typeLabelKey, type ResultLine } from './inbox-model.ts';

/**
 * The inbox's dialogs: the rejection reason (a template and/or the reviewer's
 * words), one item's preview with its decision buttons, and the per-item
 * results of a bulk decision.
 */

export function RejectDialog(props: {
  items: readonly ReviewInboxItemDto[] | null;
  onClose: () => void;
  onReject: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const templateId = useId();
  const textId = useId();
  const items = props.items ?? [];
  const reason = composeReason(template ? t(`inbox.reasons.${template}`) : null, text);
  const close = () => {
    setTemplate('');
    setText('');
    setTried(false);
    props.onClose();
  };
  const submit = async () => {
    setTried(true);
    if (!reason) return;
    setBusy(true);
    try {
      await props.onReject(reason);
      close();
    } catch {
      // shown by the error modal; keep the dialog and what was typed
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={props.items !== null}
      onOpenChange={(open) => !open && !busy && close()}
      title={items.length > 1 ? t('inbox.rejectDialog.titleMany', { count: items.length }) : t('inbox.rejectDialog.title')}
      data-testid="inbox-reject-dialog"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button
            colorPalette="red"
            bg="red.700"
            _hover={{ bg: 'red.800' }}
            onClick={() => void submit()}
            loading={busy}
            data-testid="inbox-reject-submit"
          >
            {t('inbox.rejectDialog.submit')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {items.length === 1 && <Text fontWeight="medium">{items[0]!.title}</Text>}
        <Field.Root>
          <Field.Label htmlFor={templateId}>{t('inbox.rejectDialog.template')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={templateId}
              value={template}
              onChange={(e) => setTemplate(e.currentTarget.value)}
              data-testid="inbox-reason-template"
            >
              <option value="">{t('inbox.rejectDialog.templateNone')}</option>
              {REVIEW_REASON_TEMPLATES.map((k) => (
                <option key={k} value={k}>
                  {t(`inbox.reasons.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={tried && !reason}>
          <Field.Label htmlFor={textId}>{t('inbox.rejectDialog.text')}</Field.Label>
          <Textarea
            id={textId}
            rows={3}
            maxLength={400}
            value={text}
            placeholder={t('inbox.rejectDialog.textPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="inbox-reason-text"
          />
          {tried && !reason && <Field.ErrorText>{t('inbox.rejectDialog.required')}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </ModalDialog>
  );
}

/** One item: what it is, who sent it when, its whole text, and the decision buttons while it is the caller's to decide. */
export function PreviewDialog(props: {
  item: ReviewInboxItemDto | null;
  onClose: () => void;
  onApprove: (item: ReviewInboxItemDto) => void;
  onReject: (item: ReviewInboxItemDto) => void;
}) {
  const { t } = useTranslation();
  const item = props.item;
  const { data } = useApi(api.reviewInbox.get, item ? { Type: item.type, Id: item.id } : null, { fresh: true });
  const shown = data ?? null;
  return (
    <ModalDialog
      open={item !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title={t('inbox.preview.title')}
      size="lg"
      closeOnInteractOutside
      data-testid="inbox-preview"
      footer={
        item && shown?.canDecide ? (
          <>
            <Button variant="outline" colorPalette="red" onClick={() => props.onReject(item)} data-testid="inbox-preview-reject">
              {t('inbox.reject')}
            </Button>
            <Button colorPalette="brand" onClick={() => props.onApprove(item)} data-testid="inbox-preview-approve">
              {t('inbox.approve')}
            </Button>
          </>
        ) : undefined
      }
    >
      {item && (
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Badge variant="subtle" colorPalette="blue">
              {t(typeLabelKey(item.type))}
            </Badge>
            <Badge variant="outline">{t(`review.steps.${item.stepName}`, { defaultValue: item.stepName })}</Badge>
            {item.sensitiveHits > 0 && (
              <Badge variant="solid" colorPalette="red">
                {t('inbox.sensitive', { count: item.sensitiveHits })}
              </Badge>
            )}
          </HStack>
          <Text fontSize="lg" fontWeight="semibold">
            {item.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {item.authorName ?? t('inbox.noAuthor')} · {formatDateTimeUtc8(item.submittedTime)}
          </Text>
          {shown && shown.auditStatus !== 0 && (
            <Text color="orange.700" data-testid="inbox-preview-decided">
              {t('inbox.preview.decided', { state: t(`content.audit.${shown.auditStatus}`) })}
            </Text>
          )}
          {shown && shown.auditStatus === 0 && !shown.canDecide && (
            <Text color="fg.muted" data-testid="inbox-preview-cannot-decide">
              {t(`inbox.cannotDecide.${shown.cannotDecideReason ?? 'missingPermission'}`)}
            </Text>
          )}
          <Box
            borderWidth="1px"
            borderRadius="md"
            p="3"
            bg="bg.subtle"
            maxH="50vh"
            overflowY="auto"
            tabIndex={0}
            aria-label={t('inbox.preview.body')}
          >
            <Text whiteSpace="pre-wrap" data-testid="inbox-preview-body">
              {shown ? (shown.body ?? t('inbox.preview.noBody')) : (item.preview ?? '')}
            </Text>
          </Box>
        </Stack>
      )}
    </ModalDialog>
  );
}

/** Which decisions succeeded and which failed, and why (failures listed first). */
export function ResultsDialog(props: { lines: readonly ResultLine[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lines = props.lines ?? [];
  const step = (name: string | null) => (name ? t(`review.steps.${name}`, { defaultValue: name }) : '');
  return (
    <ModalDialog
      open={props.lines !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title={t('inbox.results.title')}
      closeOnInteractOutside
      data-testid="inbox-results"
      footer={
        <Button colorPalette="brand" onClick={props.onClose} data-testid="inbox-results-close">
          {t('inbox.results.close')}
        </Button>
      }
    >
      <Stack gap="3">
        <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0" fontWeight="medium" data-testid="inbox-results-summary">
          {resultSummary(lines).map((s) => (
            <li key={`${s.outcome}:${s.step ?? ''}`} data-outcome={s.outcome}>
              {t(`inbox.results.summary.${s.outcome}`, { count: s.count, step: step(s.step) })}
            </li>
          ))}
        </Stack>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {lines.map((l) => (
            <Box
              as="li"
              key={`${l.item.type}:${l.item.id}`}
              borderWidth="1px"
              borderRadius="md"
              p="2"
              data-testid="inbox-result"
              data-status={l.status}
              data-result={l.result ?? undefined}
            >
              <HStack justify="space-between" align="start" gap="3">
                <Stack gap="0.5" minW="0">
                  <Text fontWeight="medium" truncate>
                    {l.item.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t(typeLabelKey(l.item.type))}
                  </Text>
                  {l.status !== 'ok' && l.message && (
                    <Text fontSize="sm" color="fg.error">
                      {l.message}
                    </Text>
                  )}
                </Stack>
                <Badge variant="subtle" colorPalette={l.status !== 'ok' ? 'red' : l.result === 'advanced' ? 'blue' : 'green'} flexShrink={0}>
                  {l.status !== 'ok'
                    ? t(`inbox.results.status.${l.status}`)
                    : t(`inbox.results.outcome.${l.result ?? 'approved'}`, { step: step(l.nextStepName) })}
                </Badge>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Stack>
    </ModalDialog>
  );
}
