import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { canDecide, decidingStep, reviewables, stepI18nKey, type TestQuestionDto } from '@edu/sdk';
import { CheckCircleIcon, formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { isGranted } from '../../lib/permissions.ts';
import { callAction, formAction, useApi, type RowAction, type RowDialogProps } from '../../resources/index.ts';

const flow = reviewables.testQuestion.flow;

/** The step a pending question awaits (`first` 初审, `second` 复审), or null once decided. */
export function awaitedStep(row: Pick<TestQuestionDto, 'auditStatus' | 'reviewStep'>): (typeof flow.steps)[number] | null {
  if (row.auditStatus !== 0) return null;
  return flow.steps[decidingStep(flow, row.auditStatus, row.reviewStep ?? 0)] ?? null;
}

const RejectForm = z.object({ auditReason: z.string().trim().min(1).max(500) });

/**
 * Review actions that name the step they decide (初审通过 / 初审驳回, 复审通过 /
 * 复审驳回), over `AuditTestQuestionFlow { id, auditStatus, stepName }`: the
 * server refuses a decision for a step the question no longer awaits, so a
 * stale screen never decides the wrong step. Shown to holders of that step.
 */
export function stepReviewActions(options: { inline?: boolean } = {}): RowAction<TestQuestionDto>[] {
  const call = api.testQuestion.auditTestQuestionFlow;
  return flow.steps.flatMap((step) => {
    const awaits = (row: TestQuestionDto) => awaitedStep(row)?.name === step.name && canDecide(flow, row, isGranted);
    const suffix = step.name === 'first' ? 'First' : 'Second';
    return [
      callAction<TestQuestionDto>({
        key: `approve${suffix}`,
        labelKey: `questions.actions.approve${suffix}`,
        icon: <CheckCircleIcon />,
        call,
        inline: options.inline ?? true,
        input: (row) => ({ id: row.id, auditStatus: 1, stepName: step.name }),
        confirm: { titleKey: `questions.actions.approve${suffix}`, descriptionKey: `questions.review.approveConfirm${suffix}` },
        successKey: 'content.review.approved',
        visible: awaits,
      }),
      formAction<TestQuestionDto>({
        key: `reject${suffix}`,
        labelKey: `questions.actions.reject${suffix}`,
        call,
        inline: options.inline ?? true,
        schema: RejectForm,
        fields: [
          {
            name: 'auditReason',
            type: 'textarea',
            rows: 3,
            labelKey: 'content.review.reason',
            placeholderKey: 'content.review.reasonPlaceholder',
            span: 2,
          },
        ],
        toInput: (values, row) => ({ id: row.id, auditStatus: 2, auditReason: values.auditReason, stepName: step.name }),
        titleKey: 'content.review.rejectTitle',
        successKey: 'content.review.rejected',
        visible: awaits,
        submitWithLabel: true,
        destructive: true,
      }),
    ];
  });
}

function HistoryDialog({ open, onClose, row }: RowDialogProps<TestQuestionDto>) {
  const { t } = useTranslation();
  const { data, isLoading } = useApi(api.review.getReviewHistory, open ? { EntityName: 'TestQuestion', Id: row.id } : null, { fresh: true });
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('questions.review.historyTitle', { id: row.id })}
      closeOnInteractOutside
      data-testid="review-history"
    >
      {isLoading ? (
        <Text color="fg.muted">{t('table.loading')}</Text>
      ) : (data ?? []).length === 0 ? (
        <Text color="fg.muted">{t('questions.review.noHistory')}</Text>
      ) : (
        <Stack gap="3" as="ol">
          {(data ?? []).map((d) => {
            const step = flow.steps[d.step];
            return (
              <Stack as="li" key={d.id} gap="0.5" borderStartWidth="2px" borderColor={d.decision === 1 ? 'green.500' : 'red.500'} ps="3">
                <HStack gap="2">
                  <Badge colorPalette={d.decision === 1 ? 'green' : 'red'} variant="subtle">
                    {step ? t(stepI18nKey(step)) : d.stepName} ·{' '}
                    {t(d.decision === 1 ? 'questions.review.approvedShort' : 'questions.review.rejectedShort')}
                  </Badge>
                  <Text fontSize="sm" color="fg.muted">
                    {[d.userName, formatDateTimeUtc8(d.creationTime)].filter(Boolean).join(' · ')}
                  </Text>
                </HStack>
                {d.reason && <Text fontSize="sm">{t('content.review.reasonShort', { reason: d.reason })}</Text>}
              </Stack>
            );
          })}
        </Stack>
      )}
    </ModalDialog>
  );
}

/** 审核记录: every decision on the question, oldest first (Review/GetReviewHistory). */
export const reviewHistoryAction: RowAction<TestQuestionDto> = {
  key: 'history',
  labelKey: 'questions.actions.history',
  permission: 'authenticated',
  dialog: HistoryDialog,
};
