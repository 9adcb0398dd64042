import { Box, Button, HStack, Menu, Text } from '@chakra-ui/react';
import { ChevronDownIcon, DataTable, EditIcon, TrashIcon, type ColumnDef } from '@edu/ui';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellValue } from './cells.tsx';
import { resourceLabels } from './i18n.tsx';
import { allowedFor, type ListController } from './list-controller.ts';
import { rowIdOf } from './resource-form.tsx';
import { TenantCell } from './tenant-column.tsx';

interface RowActionItem {
  key: string;
  label: string;
  icon?: ReactNode;
  destructive?: boolean;
  inline: boolean;
  run: () => void;
}

/** A row's buttons: inline ones, then a "more" menu for the rest; a locked row says why. */
function RowActionsCell({ items, moreLabel, note }: { items: RowActionItem[]; moreLabel: string; note?: string }) {
  const inline = items.filter((i) => i.inline);
  const menu = items.filter((i) => !i.inline);
  return (
    <HStack gap="1" justify="flex-end" wrap="nowrap">
      {note && (
        <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap" px="1" data-testid="row-locked">
          {note}
        </Text>
      )}
      {inline.map((i) => (
        <Button
          key={i.key}
          size="xs"
          variant="ghost"
          colorPalette={i.destructive ? 'red' : 'brand'}
          onClick={i.run}
          data-testid={`row-action-${i.key}`}
        >
          {i.icon}
          {i.label}
        </Button>
      ))}
      {menu.length > 0 && (
        // Not portalled, so the open menu stays in the main landmark; fixed, so the table's scroll area does not clip it.
        <Menu.Root positioning={{ placement: 'bottom-end', strategy: 'fixed' }} onSelect={(d) => menu.find((i) => i.key === d.value)?.run()}>
          <Menu.Trigger asChild>
            <Button size="xs" variant="ghost" colorPalette="gray" data-testid="row-action-more">
              {moreLabel}
              <ChevronDownIcon />
            </Button>
          </Menu.Trigger>
          <Menu.Positioner>
            <Menu.Content minW="36">
              {menu.map((i) => (
                <Menu.Item key={i.key} value={i.key} color={i.destructive ? 'fg.error' : undefined} data-testid={`row-action-${i.key}`}>
                  {i.icon}
                  {i.label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Menu.Root>
      )}
    </HStack>
  );
}

/** A row's value of a column (rows are the service's DTOs: plain objects). */
function fieldOf(row: unknown, field: string): unknown {
  return typeof row === 'object' && row !== null ? Reflect.get(row, field) : undefined;
}

/** The server-paged table of a list: declared columns, then edit, row actions and delete per row. */
export function ListTable({ list }: { list: ListController }) {
  const { t, i18n } = useTranslation();
  const { resource, canUpdate, canDelete, crud, rowActions, startRow, setDialog, showTenant } = list;
  const labels = resourceLabels(t, resource.name);

  const columns = useMemo<ColumnDef<unknown, unknown>[]>(() => {
    const defs: ColumnDef<unknown, unknown>[] = resource.columns.map((spec) => ({
      id: spec.sortField ?? spec.field,
      accessorFn: (row: unknown) => fieldOf(row, spec.field),
      header: labels.field(spec.field, spec.labelKey),
      enableSorting: !!spec.sortable,
      meta: { width: spec.width, minWidth: spec.minWidth, align: spec.align, truncate: spec.truncate },
      cell: ({ row, getValue }) => {
        if (spec.cell) {
          const C = spec.cell;
          return <C row={row.original} value={getValue()} label={labels.field(spec.field, spec.labelKey)} />;
        }
        if (spec.render) return spec.render(row.original, t);
        return <CellValue value={getValue()} type={spec.type} options={spec.options} t={t} />;
      },
    }));
    if (showTenant)
      defs.unshift({
        id: '__tenant',
        accessorFn: (row: unknown) => fieldOf(row, 'tenantId'),
        header: t('table.tenant'),
        enableSorting: false,
        meta: { minWidth: '120px' },
        cell: ({ getValue }) => <TenantCell value={getValue()} />,
      });
    if (canUpdate || canDelete || rowActions.length > 0) {
      defs.push({
        id: '__actions',
        header: t('table.actions'),
        enableSorting: false,
        // Pinned: at 1366 px a wide list scrolls, and its actions must stay on screen.
        meta: { align: 'end', width: '1%', pinEnd: true },
        cell: ({ row }) => {
          const r = row.original;
          const items: RowActionItem[] = [];
          const locked = (canUpdate && !allowedFor(crud.update, r)) || (canDelete && !allowedFor(crud.delete, r));
          if (canUpdate && allowedFor(crud.update, r))
            items.push({ key: 'edit', label: t('actions.edit'), icon: <EditIcon />, inline: true, run: () => setDialog({ kind: 'edit', row: r }) });
          for (const a of rowActions) {
            if (a.visible && !a.visible(r)) continue;
            items.push({
              key: a.key,
              label: labels.action(a.key, a.labelKey),
              icon: a.icon,
              destructive: a.destructive,
              inline: !!a.inline,
              run: () => startRow(a, r),
            });
          }
          if (canDelete && allowedFor(crud.delete, r))
            items.push({
              key: 'delete',
              label: t('actions.delete'),
              icon: <TrashIcon />,
              destructive: true,
              inline: true,
              run: () => setDialog({ kind: 'delete', row: r }),
            });
          return <RowActionsCell items={items} moreLabel={t('actions.more')} note={locked && crud.lockedKey ? t(crud.lockedKey) : undefined} />;
        },
      });
    }
    return defs;
    // The row actions are filtered anew each render; their count (with the resource) says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, i18n.language, canUpdate, canDelete, rowActions.length, startRow, showTenant]);

  return (
    <Box>
      <DataTable<unknown>
        columns={columns}
        data={list.rows}
        total={list.total}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sorting={list.state.sorting}
        onSortingChange={list.setSorting}
        loading={list.loading}
        getRowId={(r) => String(rowIdOf(resource, r))}
        selectable={list.selectable}
        rowSelection={list.selection}
        onRowSelectionChange={list.setSelection}
        data-testid={`${resource.name}-table`}
      />
    </Box>
  );
}
