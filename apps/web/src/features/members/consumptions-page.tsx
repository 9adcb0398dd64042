import { Badge, Button, Stack } from '@chakra-ui/react';
import {
  ConsumptionItemType,
  ConsumptionStatus,
  CreateConsumptionInput,
  formatYuan,
  Permissions,
  RefundConsumptionInput,
  type ConsumptionDto,
} from '@edu/sdk';
import type { ColumnDef } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { ListInUrl, LocalizedUi, SchemaFormDialog, ScreenCard, useCan, useRunCall, type CallInput } from '../../resources/index.ts';
import { fenOf, newRequestNo, yuanField } from './money-forms.ts';
import { memberOptionText, useMoneyConfirm } from './money-confirm.tsx';
import {
  chinaTime,
  filterQuery,
  memberColumn,
  memberText,
  MoneyList,
  memberPickerField,
  useMoneyList,
  Yuan,
  type MoneyFilter,
  type MoneyPaging,
} from './money.tsx';

export const consumptionStatusTabs = [1, 2, 3].map((value) => ({ value, labelKey: `members.consumptionStatus.${value}` }));
export const itemTypeOptions = [1, 2, 3].map((value) => ({ value, labelKey: `members.itemType.${value}` }));
const statusColors: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'gray' };
const INVALIDATES = ['Consumption', 'Income', 'User'];

const ConsumeForm = z.object({
  memberId: z.number().int().min(1),
  itemType: CreateConsumptionInput.shape.itemType,
  itemName: CreateConsumptionInput.shape.itemName,
  amount: yuanField,
  remark: CreateConsumptionInput.shape.remark,
});
const RefundForm = z.object({ amount: yuanField, reason: RefundConsumptionInput.shape.reason });

const ENUMS = [{ name: 'ItemType', labelKey: 'members.fields.itemType', options: itemTypeOptions }];

function consumptionQuery(filter: MoneyFilter, tab: number | null, paging: MoneyPaging): CallInput<typeof api.consumption.getAll> {
  const itemType = ConsumptionItemType.safeParse(filter.extra.ItemType).data;
  const status = ConsumptionStatus.safeParse(tab).data;
  return { ...filterQuery(filter), ...paging, ...(itemType ? { ItemType: itemType } : {}), ...(status ? { Status: status } : {}) };
}

type Dialog = { kind: 'consume' } | { kind: 'refund'; row: ConsumptionDto; requestNo: string } | null;

/**
 * 消费记录: purchases booked against members' balances, filtered, with tabs
 * per status and counts, totals (spent, refunded, net), a consumption
 * dialog (refused with the server's message when the balance is short), a
 * refund dialog capped at the refundable remainder (one request number per
 * dialog, so a double submission refunds once), and export.
 */
function ConsumptionsPageList() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const canWrite = useCan(Permissions.Administration);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useMoneyList(api.consumption.getAll, ENUMS, consumptionQuery);
  const confirm = useMoneyConfirm();

  const columns: ColumnDef<ConsumptionDto, unknown>[] = [
    { id: 'orderNo', header: t('members.fields.orderNo'), cell: ({ row }) => row.original.orderNo },
    memberColumn(t),
    { id: 'itemType', header: t('members.fields.itemType'), cell: ({ row }) => t(`members.itemType.${row.original.itemType}`) },
    { id: 'itemName', header: t('members.fields.itemName'), cell: ({ row }) => row.original.itemName },
    { id: 'amount', header: t('members.fields.amount'), enableSorting: true, cell: ({ row }) => <Yuan fen={row.original.amount} /> },
    { id: 'refundedAmount', header: t('members.fields.refunded'), cell: ({ row }) => <Yuan fen={row.original.refundedAmount} /> },
    {
      id: 'status',
      header: t('members.fields.status'),
      cell: ({ row }) => (
        <Badge variant="subtle" colorPalette={statusColors[row.original.status]}>
          {t(`members.consumptionStatus.${row.original.status}`)}
        </Badge>
      ),
    },
    { id: 'creationTime', header: t('members.fields.creationTime'), enableSorting: true, cell: ({ row }) => chinaTime(row.original.creationTime) },
    { id: 'operatorName', header: t('members.fields.operator'), cell: ({ row }) => row.original.operatorName ?? '—' },
    {
      id: 'actions',
      header: t('members.fields.actions'),
      cell: ({ row }) =>
        canWrite && row.original.refundable > 0 ? (
          <Button
            size="xs"
            variant="outline"
            onClick={() => setDialog({ kind: 'refund', row: row.original, requestNo: newRequestNo() })}
            data-testid="consumption-refund"
          >
            {t('members.consumption.refund')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="4" data-testid="consumptions-page">
          <MoneyList
            list={list}
            columns={columns}
            tabs={consumptionStatusTabs}
            tabLabel={t('members.fields.status')}
            actions={
              canWrite && (
                <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'consume' })} data-testid="consumption-create">
                  {t('members.consumption.create')}
                </Button>
              )
            }
            onExport={() => runCall(api.consumption.getAllToExcel, list.exportQuery, { invalidates: [] })}
            totals={{ inKey: 'members.totals.refunded', outKey: 'members.totals.spent', neutralNet: true }}
            testId="consumption-table"
          />
        </Stack>
        {dialog?.kind === 'consume' && (
          <SchemaFormDialog<ConsumptionDto>
            open
            onClose={() => setDialog(null)}
            title={t('members.consumption.create')}
            schema={ConsumeForm}
            resourceName="consumption"
            ctx={{ mode: 'create' }}
            defaultValues={{ memberId: list.filter.MemberId ?? null, itemType: 1, itemName: '', amount: '', remark: '' }}
            fields={[
              { name: 'memberId', type: 'custom', component: memberPickerField, span: 2 },
              { name: 'itemType', type: 'select', options: itemTypeOptions, emptyValue: undefined },
              { name: 'amount', type: 'text', helpKey: 'members.form.amountHint' },
              { name: 'itemName', type: 'text', span: 2 },
              { name: 'remark', type: 'textarea', span: 2 },
            ]}
            submitLabel={t('members.form.submit.consume')}
            onSubmit={async (v) => {
              const memberId = Number(v.memberId);
              const amount = fenOf(v.amount);
              await confirm.ask({ action: 'consume', member: await memberOptionText(memberId), fen: amount });
              return runCall(
                api.consumption.create,
                {
                  memberId,
                  itemType: ConsumptionItemType.parse(Number(v.itemType)),
                  itemName: String(v.itemName),
                  amount,
                  remark: typeof v.remark === 'string' && v.remark ? v.remark : null,
                },
                { invalidates: INVALIDATES },
              );
            }}
            data-testid="consumption-dialog"
          />
        )}
        {dialog?.kind === 'refund' && (
          <SchemaFormDialog<ConsumptionDto>
            open
            onClose={() => setDialog(null)}
            title={t('members.consumption.refundTitle', {
              orderNo: dialog.row.orderNo,
              refundable: formatYuan(dialog.row.refundable),
            })}
            schema={RefundForm.refine((v) => fenOf(v.amount) <= dialog.row.refundable, { message: 'members.form.overRefundable', path: ['amount'] })}
            resourceName="consumption"
            ctx={{ mode: 'update', row: dialog.row }}
            defaultValues={{ amount: formatYuan(dialog.row.refundable, { symbol: false }).replace(/,/g, ''), reason: '' }}
            fields={[
              { name: 'amount', type: 'text', helpKey: 'members.form.amountHint', span: 2 },
              { name: 'reason', type: 'textarea', span: 2 },
            ]}
            submitLabel={t('members.form.submit.refund')}
            onSubmit={async (v) => {
              const amount = fenOf(v.amount);
              await confirm.ask({ action: 'refund', member: memberText(dialog.row), fen: amount });
              return runCall(
                api.consumption.refund,
                { id: dialog.row.id, amount, reason: String(v.reason), requestNo: dialog.requestNo },
                { invalidates: INVALIDATES },
              );
            }}
            data-testid="refund-dialog"
          />
        )}
        {confirm.dialog}
      </ScreenCard>
    </LocalizedUi>
  );
}

/** The screen: its list kept in the route's URL. */
export default function ConsumptionsPage() {
  return (
    <ListInUrl>
      <ConsumptionsPageList />
    </ListInUrl>
  );
}
