import { Badge, Box, Flex, HStack, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { canDecide, decidingStep, stepI18nKey, type IdQuery, type ReviewFlow } from '@edu/sdk';
import { CheckCircleIcon, formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callAction, formAction } from './actions.tsx';
import { isGranted } from '../lib/permissions.ts';
import { useApi, type AnyCall, type ApiCall } from '../lib/use-api.ts';
import { proseStyles } from './rich-text/prose.ts';
import type { ColumnSpec, OptionSpec, RowAction, RowDialogProps } from './types.ts';

/**
 * The pieces every reviewable or pinnable entity shares (articles, resources,
 * courses, daily questions now; questions, papers, comments, questionnaires,
 * Q&A and leave messages later): the review state as a coloured badge with the
 * rejection reason, approve / reject actions over an `Audited*` call, pin /
 * unpin over a `PlacedTop*` call, and a read-only preview of rich text.
 * Texts live under `content.*`.
 */

/** Review states in the SDK's order: 0 待审核, 1 已通过, 2 未通过. */
export const auditOptions: readonly OptionSpec[] = [0, 1, 2].map((value) => ({ value, labelKey: `content.audit.${value}` }));

const AUDIT_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** The review fields of a DTO (the SDK's `ReviewDto`). */
export interface Reviewable {
  id: number;
  auditStatus: number;
  auditReason?: string | null;
  auditorName?: string | null;
  auditTime?: string | null;
  /** The step of a multi-step flow (SDK `ReviewDto.reviewStep`). */
  reviewStep?: number | null;
}

/** The pin fields of a DTO (the SDK's `PinDto`). */
export interface Pinnable {
  id: number;
  isTop: boolean;
}

/** Who decided and when, as one line (`张伟 · 2024-05-01 10:00:00`), or `''` while pending. */
export function reviewedBy(row: Reviewable): string {
  return [row.auditorName, formatDateTimeUtc8(row.auditTime ?? null)].filter(Boolean).join(' · ');
}

/** The step name an item's state shows in a flow of several steps (`初审`), or null in a one-step flow. */
export function stepLabelKey(flow: ReviewFlow | undefined, row: Reviewable): string | null {
  if (!flow || flow.steps.length < 2 || row.auditStatus === 1) return null;
  const step = flow.steps[decidingStep(flow, row.auditStatus, row.reviewStep ?? 0)];
  return step ? stepI18nKey(step) : null;
}

/** The review state as a coloured badge (with the flow's step when it has several); a rejection shows its reason under it. */
export function AuditBadge({ row, flow }: { row: Reviewable; flow?: ReviewFlow }) {
  const { t } = useTranslation();
  const who = reviewedBy(row);
  const step = stepLabelKey(flow, row);
  return (
    <Stack gap="0.5" align="flex-start" maxW="56">
      <Badge
        variant="subtle"
        colorPalette={AUDIT_COLORS[row.auditStatus] ?? 'gray'}
        title={who ? t('content.review.by', { who }) : undefined}
        data-testid="audit-status"
        data-status={row.auditStatus}
      >
        {t(`content.audit.${row.auditStatus}`)}
        {step && ` · ${t(step)}`}
      </Badge>
      {row.auditStatus === 2 && row.auditReason && (
        <Text fontSize="xs" color="fg.error" lineClamp={2} title={row.auditReason} data-testid="audit-reason">
          {t('content.review.reasonShort', { reason: row.auditReason })}
        </Text>
      )}
    </Stack>
  );
}

/** The review-state column: sortable, badge (with the flow's step) and reason. */
export function auditColumn<R extends Reviewable>(flow?: ReviewFlow): ColumnSpec<R> {
  function AuditCell({ row }: { row: R }) {
    return <AuditBadge row={row} flow={flow} />;
  }
  return { field: 'auditStatus', sortable: true, cell: AuditCell, minWidth: '96px' };
}

/** A title with a 置顶 badge in front of pinned rows. */
export function pinnedTitle<R extends Pinnable>(title: (row: R) => string) {
  return (row: R, t: TFunction): ReactNode => (
    <HStack gap="1.5" minW="0">
      {row.isTop && (
        <Badge size="sm" variant="solid" colorPalette="red" flexShrink={0} data-testid="pinned">
          {t('content.pin.badge')}
        </Badge>
      )}
      <Text as="span" truncate title={title(row)}>
        {title(row)}
      </Text>
    </HStack>
  );
}

const RejectForm = z.object({ auditReason: z.string().trim().min(1).max(500) });

/**
 * 审核通过 (with confirmation) and 驳回 (with a required reason) over an
 * `Audited*` call, shown to users the call admits. Approve shows on rows not
 * yet approved, reject on rows not yet rejected, so a decision can be revised.
 * With a flow (the SDK review registry's), a row shows them only to holders of
 * the step that decides it now.
 */
export function reviewActions<R extends Reviewable>(
  call: AnyCall,
  options: {
    inline?: boolean;
    flow?: ReviewFlow;
    /** What approval does, when it is not "published on the website". */ approveConfirmKey?: string;
  } = {},
): RowAction<R>[] {
  const inline = options.inline ?? true;
  const flow = options.flow;
  const mayDecide = (row: R) => !flow || canDecide(flow, row, isGranted);
  return [
    callAction<R>({
      key: 'approve',
      labelKey: 'content.actions.approve',
      icon: <CheckCircleIcon />,
      call,
      inline,
      input: (row) => ({ id: row.id, auditStatus: 1 }),
      confirm: { titleKey: 'content.review.approveTitle', descriptionKey: options.approveConfirmKey ?? 'content.review.approveConfirm' },
      successKey: 'content.review.approved',
      visible: (row) => row.auditStatus !== 1 && mayDecide(row),
    }),
    formAction<R>({
      key: 'reject',
      labelKey: 'content.actions.reject',
      call,
      inline,
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
      initial: (row) => ({ auditReason: row.auditStatus === 2 ? (row.auditReason ?? '') : '' }),
      toInput: (values, row) => ({ id: row.id, auditStatus: 2, auditReason: values.auditReason }),
      titleKey: 'content.review.rejectTitle',
      successKey: 'content.review.rejected',
      visible: (row) => row.auditStatus !== 2 && mayDecide(row),
      // The confirm button says 驳回 in red, as approve's says 审核通过.
      submitWithLabel: true,
      destructive: true,
    }),
  ];
}

/** 置顶 / 取消置顶 over a `PlacedTop*` call: pinned rows list first, newest pin first. */
export function pinActions<R extends { id: number; isTop?: boolean }>(call: AnyCall, options: { inline?: boolean } = {}): RowAction<R>[] {
  const inline = options.inline ?? true;
  return [
    callAction<R>({
      key: 'pin',
      labelKey: 'content.actions.pin',
      call,
      inline,
      input: (row) => ({ id: row.id, isTop: true }),
      successKey: 'content.pin.pinned',
      visible: (row) => !row.isTop,
    }),
    callAction<R>({
      key: 'unpin',
      labelKey: 'content.actions.unpin',
      call,
      inline,
      input: (row) => ({ id: row.id, isTop: false }),
      successKey: 'content.pin.unpinned',
      visible: (row) => row.isTop === true,
    }),
  ];
}

/** One block of a preview: rich text (`html`, sanitized by the server) or plain text. */
export interface PreviewSection {
  labelKey?: string;
  html?: string | null;
  text?: string | null;
}

export interface PreviewSpec<R, O extends z.ZodType> {
  /** The item's `Get`: list rows are list DTOs without their bodies, so the sections read the full item. */
  get: ApiCall<typeof IdQuery, O>;
  title: (row: R) => string;
  /** Lines under the title: category, author, time ... */
  meta?: (row: R, t: TFunction) => Array<string | null | undefined>;
  sections: (item: z.output<O>) => PreviewSection[];
}

/** 预览: the item's rich text as readers will see it, with its review state (title, lines and state from the row; the bodies from `get`). */
export function previewAction<R extends Reviewable, O extends z.ZodType>(spec: PreviewSpec<R, O>): RowAction<R> {
  function PreviewDialog({ open, onClose, row }: RowDialogProps<R>) {
    const { t } = useTranslation();
    const item = useApi(spec.get, open ? { Id: row.id } : null, { fresh: true });
    const meta = (spec.meta?.(row, t) ?? []).filter((m): m is string => !!m);
    return (
      <ModalDialog
        open={open}
        onOpenChange={(o) => !o && onClose()}
        title={spec.title(row)}
        size="xl"
        closeOnInteractOutside
        data-testid="preview-dialog"
      >
        <Stack gap="4">
          <Flex gap="3" align="flex-start" justify="space-between" wrap="wrap">
            <Text color="fg.muted" fontSize="sm">
              {meta.join(' · ')}
            </Text>
            <AuditBadge row={row} />
          </Flex>
          {!item.data && !item.error && <Spinner alignSelf="center" size="sm" aria-label={t('app.loading')} />}
          {item.data &&
            spec.sections(item.data).map((section, i) => (
              <Box key={i}>
                {i > 0 && <Separator mb="4" />}
                {section.labelKey && (
                  <Text fontWeight="semibold" mb="2">
                    {t(section.labelKey)}
                  </Text>
                )}
                {section.html !== undefined ? (
                  section.html ? (
                    // The server sanitizes rich text on save: no script or event handler survives.
                    <Box css={proseStyles} dangerouslySetInnerHTML={{ __html: section.html }} />
                  ) : (
                    <Text color="fg.subtle">—</Text>
                  )
                ) : (
                  <Text whiteSpace="pre-wrap">{section.text || '—'}</Text>
                )}
              </Box>
            ))}
        </Stack>
      </ModalDialog>
    );
  }
  return { key: 'preview', labelKey: 'content.actions.preview', permission: 'authenticated', dialog: PreviewDialog };
}
