import { Box, Button, HStack, IconButton, Menu, Text } from '@chakra-ui/react';
import { ChevronDownIcon, DataTable, EditIcon, MoreIcon, TrashIcon, type ColumnDef } from '@edu/ui';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellValue } from './cells.tsx';
import { resourceLabels } from './i18n.tsx';
import { allowedFor, type ListController } from './list-controller.ts';
import { rowIdOf } from './row-id.ts';
import { TenantCell } from './tenant-column.tsx';
import type { CellType } from './types.ts';
import { usePhone } from '../lib/viewport.ts';

interface RowActionItem {
  key: string;
  label: string;
  icon?: ReactNode;
  destructive?: boolean;
  inline: boolean;
  run: () => void;
}

/**
 * Which of a row's actions show as buttons and which go into its 更多 menu. The
 * pinned action column is kept as narrow as its buttons so it covers no data
 * column: when there is a menu anyway, 删除 (destructive, rarely used) goes into
 * it, last; at phone width (`compact`) every action does, behind one icon button.
 */
export function splitRowActions<T extends { key: string; inline: boolean }>(items: readonly T[], compact: boolean): { inline: T[]; menu: T[] } {
  if (compact) return { inline: [], menu: [...items] };
  const hasMenu = items.some((i) => !i.inline);
  const toMenu = (i: T) => !i.inline || (hasMenu && i.key === 'delete');
  const menu = items.filter(toMenu);
  return { inline: items.filter((i) => !toMenu(i)), menu: [...menu.filter((i) => i.key !== 'delete'), ...menu.filter((i) => i.key === 'delete')] };
}

/** A row's buttons: inline ones, then a "more" menu for the rest; a locked row says why. */
function RowActionsCell({ items, moreLabel, note, compact }: { items: RowActionItem[]; moreLabel: string; note?: string; compact: boolean }) {
  const { inline, menu } = splitRowActions(items, compact);
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
            {compact ? (
              <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={moreLabel} title={moreLabel} data-testid="row-action-more">
                <MoreIcon />
              </IconButton>
            ) : (
              <Button size="xs" variant="ghost" colorPalette="gray" data-testid="row-action-more">
                {moreLabel}
                <ChevronDownIcon />
              </Button>
            )}
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

/**
 * Text that may wrap inside a table cell (cells keep to one line otherwise),
 * between words only when `wholeWords`: Chinese has no spaces, and a browser
 * breaks it between any two characters, so a squeezed column put 姓名 or
 * 李淑芬 one character a line. `keep-all` breaks Chinese at spaces and
 * punctuation only, so such text is one word, and the column's least width
 * (its min-content) is that word's.
 */
const Wrappable = ({ children, wholeWords = false }: { children: ReactNode; wholeWords?: boolean }) => (
  <Box as="span" whiteSpace="normal" wordBreak={wholeWords ? 'keep-all' : undefined}>
    {children}
  </Box>
);

/** A column of names (a person's 姓名, 用户名, 出题人, an item's 名称): a name is never broken. */
const isNameField = (field: string) => /name$/i.test(field);

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The least width of a plain text column at phone width (about six Chinese characters). */
const PHONE_TEXT_MIN_WIDTH = '96px';

/** A column showing its value as plain text, with no declared width. */
const isPlainText = (spec: { width?: string; cell?: unknown; render?: unknown; type?: CellType }) =>
  !spec.width && !spec.cell && !spec.render && (spec.type === undefined || spec.type === 'text' || spec.type === 'multiline');

/** A row's value of a column (rows are the service's DTOs: plain objects). */
function fieldOf(row: unknown, field: string): unknown {
  return typeof row === 'object' && row !== null ? Reflect.get(row, field) : undefined;
}

/** The server-paged table of a list: declared columns, then edit, row actions and delete per row. */
export function ListTable({ list }: { list: ListController }) {
  const { t, i18n } = useTranslation();
  const { resource, canUpdate, canDelete, crud, rowActions, startRow, setDialog, showTenant } = list;
  const labels = resourceLabels(t, resource.name);
  const compact = usePhone();

  // Optional columns no row of the page fills stay out (a stable key, so the columns are rebuilt only when it changes).
  const hidden = resource.columns
    .filter((c) => c.hideWhenEmpty && list.rows.every((r) => isBlank(fieldOf(r, c.field))))
    .map((c) => c.field)
    .join(',');

  const columns = useMemo<ColumnDef<unknown, unknown>[]>(() => {
    const left = new Set(hidden.split(','));
    const defs: ColumnDef<unknown, unknown>[] = resource.columns
      .filter((spec) => !left.has(spec.field))
      .map((spec) => ({
        id: spec.sortField ?? spec.field,
        accessorFn: (row: unknown) => fieldOf(row, spec.field),
        // A long header (in English) may take two lines rather than widen the table under the pinned actions,
        // between its words only (the data table's headers keep words whole): the column is at least as wide
        // as the header's longest word.
        header: () => <Wrappable>{labels.field(spec.field, spec.labelKey)}</Wrappable>,
        enableSorting: !!spec.sortable,
        // At phone width a list scrolls sideways rather than squeeze a plain text column (a name) to a few characters.
        meta: {
          width: spec.width,
          minWidth: spec.minWidth ?? (compact && isPlainText(spec) ? PHONE_TEXT_MIN_WIDTH : undefined),
          align: spec.align,
          truncate: spec.truncate,
        },
        cell: ({ row, getValue }) => {
          if (spec.cell) {
            const C = spec.cell;
            return <C row={row.original} value={getValue()} label={labels.field(spec.field, spec.labelKey)} />;
          }
          if (spec.render) return spec.render(row.original, t);
          const value = <CellValue value={getValue()} type={spec.type} options={spec.options} t={t} />;
          // Plain text may take two lines when the table is short of room, rather than run under the pinned actions.
          return isPlainText(spec) && !spec.truncate ? <Wrappable wholeWords={isNameField(spec.field)}>{value}</Wrappable> : value;
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
          return (
            <RowActionsCell
              items={items}
              moreLabel={t('actions.more')}
              note={locked && crud.lockedKey ? t(crud.lockedKey) : undefined}
              compact={compact}
            />
          );
        },
      });
    }
    return defs;
    // The row actions are filtered anew each render; their count (with the resource) says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, i18n.language, canUpdate, canDelete, rowActions.length, startRow, showTenant, compact, hidden]);

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
        rowsFor={list.urlRendered}
      />
    </Box>
  );
}
