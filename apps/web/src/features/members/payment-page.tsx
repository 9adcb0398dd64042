import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { ConfirmPaidInput, CreatePaymentInput, formatYuan, PayChannel, PaymentStatus, Permissions, type PaymentDto } from '@edu/sdk';
import type { ColumnDef } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { ListInUrl, LocalizedUi, SchemaFormDialog, ScreenCard, useCan, useRunCall, type CallInput } from '../../resources/index.ts';
import { fenOf, yuanField } from './money-forms.ts';
import { memberOptionText, useMoneyConfirm } from './money-confirm.tsx';
import {
  chinaTime,
  filterQuery,
  memberColumn,
  MoneyList,
  memberPickerField,
  useMoneyList,
  Yuan,
  type MoneyFilter,
  type MoneyPaging,
} from './money.tsx';

/** Status tabs and channel labels (locale keys by value). */
export const paymentStatusTabs = [0, 1, 2].map((value) => ({ value, labelKey: `members.paymentStatus.${value}` }));
export const channelOptions = [1, 2, 3, 4].map((value) => ({ value, labelKey: `members.channel.${value}` }));
const statusColors: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'gray' };

const OfflineForm = z.object({
  memberId: z.number().int().min(1),
  amount: yuanField,
  transactionNo: CreatePaymentInput.shape.transactionNo,
  remark: CreatePaymentInput.shape.remark,
});

const ConfirmForm = ConfirmPaidInput.pick({ transactionNo: true });

/** The channel select offers the channels a member pays through (not the offline one). */
const ENUMS = [{ name: 'Channel', labelKey: 'members.fields.channel', options: channelOptions.slice(0, 3) }];

function paymentQuery(filter: MoneyFilter, tab: number | null, paging: MoneyPaging): CallInput<typeof api.payment.getAll> {
  const channel = PayChannel.safeParse(filter.extra.Channel).data;
  const status = PaymentStatus.safeParse(tab).data;
  return { ...filterQuery(filter), ...paging, ...(channel ? { Channel: channel } : {}), ...(status !== undefined ? { Status: status } : {}) };
}

type Dialog = { kind: 'offline' } | { kind: 'confirm'; row: PaymentDto } | null;

/**
 * 充值管理: recharge orders filtered (UTC+8 days, member, channel, amount,
 * order or transaction number), tabs per status with counts, totals of the
 * filter, an offline recharge (booked at once), and on pending orders
 * 继续支付 (`ContinueToRecharge`: the same order, never a second credit),
 * 确认到账 (`ConfirmPaid`) and 关闭; export of the filtered set.
 */
function PaymentPageList() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const canWrite = useCan(Permissions.Administration);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useMoneyList(api.payment.getAll, ENUMS, paymentQuery);
  const confirm = useMoneyConfirm();

  const act = async (call: 'continueToRecharge' | 'close', row: PaymentDto) => {
    try {
      await runCall(api.payment[call], { id: row.id }, { invalidates: ['Payment', 'Income', 'User'] });
    } catch {
      // shown by the error modal
    }
  };

  const columns: ColumnDef<PaymentDto, unknown>[] = [
    { id: 'orderNo', header: t('members.fields.orderNo'), cell: ({ row }) => row.original.orderNo },
    memberColumn(t),
    { id: 'amount', header: t('members.fields.amount'), enableSorting: true, cell: ({ row }) => <Yuan fen={row.original.amount} /> },
    { id: 'channel', header: t('members.fields.channel'), cell: ({ row }) => t(`members.channel.${row.original.channel}`) },
    {
      id: 'status',
      header: t('members.fields.status'),
      cell: ({ row }) => (
        <Badge variant="subtle" colorPalette={statusColors[row.original.status]}>
          {t(`members.paymentStatus.${row.original.status}`)}
        </Badge>
      ),
    },
    { id: 'transactionNo', header: t('members.fields.transactionNo'), cell: ({ row }) => row.original.transactionNo ?? '—' },
    { id: 'attempts', header: t('members.fields.attempts'), cell: ({ row }) => row.original.attempts },
    { id: 'creationTime', header: t('members.fields.creationTime'), enableSorting: true, cell: ({ row }) => chinaTime(row.original.creationTime) },
    { id: 'paidTime', header: t('members.fields.paidTime'), cell: ({ row }) => chinaTime(row.original.paidTime) },
    { id: 'operatorName', header: t('members.fields.operator'), cell: ({ row }) => row.original.operatorName ?? '—' },
    {
      id: 'actions',
      header: t('members.fields.actions'),
      cell: ({ row }) =>
        row.original.status === 0 && canWrite ? (
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => void act('continueToRecharge', row.original)} data-testid="payment-continue">
              {t('members.payment.continue')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="green"
              onClick={() => setDialog({ kind: 'confirm', row: row.original })}
              data-testid="payment-confirm"
            >
              {t('members.payment.confirm')}
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void act('close', row.original)} data-testid="payment-close">
              {t('members.payment.close')}
            </Button>
          </HStack>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="4" data-testid="payment-page">
          <MoneyList
            list={list}
            columns={columns}
            tabs={paymentStatusTabs}
            tabLabel={t('members.fields.status')}
            actions={
              canWrite && (
                <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'offline' })} data-testid="payment-offline">
                  {t('members.payment.offline')}
                </Button>
              )
            }
            onExport={() => runCall(api.payment.getAllToExcel, list.exportQuery, { invalidates: [] })}
            totals={{ inKey: 'members.totals.paid' }}
            testId="payment-table"
          />
        </Stack>
        {dialog?.kind === 'offline' && (
          <SchemaFormDialog<PaymentDto>
            open
            onClose={() => setDialog(null)}
            title={t('members.payment.offline')}
            schema={OfflineForm}
            resourceName="payment"
            ctx={{ mode: 'create' }}
            defaultValues={{ memberId: list.filter.MemberId ?? null, amount: '', transactionNo: '', remark: '' }}
            fields={[
              { name: 'memberId', type: 'custom', component: memberPickerField, span: 2 },
              { name: 'amount', type: 'text', helpKey: 'members.form.amountHint' },
              { name: 'transactionNo', type: 'text' },
              { name: 'remark', type: 'textarea', span: 2 },
            ]}
            submitLabel={t('members.form.submit.recharge')}
            onSubmit={async (v) => {
              const memberId = Number(v.memberId);
              const amount = fenOf(v.amount);
              await confirm.ask({ action: 'recharge', member: await memberOptionText(memberId), fen: amount });
              return runCall(
                api.payment.create,
                {
                  memberId,
                  amount,
                  channel: 3,
                  transactionNo: typeof v.transactionNo === 'string' && v.transactionNo ? v.transactionNo : null,
                  remark: typeof v.remark === 'string' && v.remark ? v.remark : null,
                },
                { invalidates: ['Payment', 'Income', 'User'] },
              );
            }}
            data-testid="payment-offline-dialog"
          />
        )}
        {confirm.dialog}
        {dialog?.kind === 'confirm' && (
          <SchemaFormDialog<PaymentDto>
            open
            onClose={() => setDialog(null)}
            title={t('members.payment.confirmTitle', { orderNo: dialog.row.orderNo, amount: formatYuan(dialog.row.amount) })}
            schema={ConfirmForm}
            resourceName="payment"
            ctx={{ mode: 'update', row: dialog.row }}
            defaultValues={{ transactionNo: '' }}
            fields={[{ name: 'transactionNo', type: 'text', span: 2 }]}
            onSubmit={(v) =>
              runCall(
                api.payment.confirmPaid,
                { id: dialog.row.id, transactionNo: String(v.transactionNo) },
                { invalidates: ['Payment', 'Income', 'User'] },
              )
            }
          />
        )}
      </ScreenCard>
    </LocalizedUi>
  );
}

/** The screen: its list kept in the route's URL. */
export default function PaymentPage() {
  return (
    <ListInUrl>
      <PaymentPageList />
    </ListInUrl>
  );
}
