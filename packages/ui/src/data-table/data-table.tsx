import { Box, Checkbox, EmptyState, Flex, HStack, IconButton, NativeSelect, Skeleton, Spinner, Table, Text, chakra } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useRef } from 'react';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon, InboxIcon, SortIcon } from '../icons.tsx';
import { useUiLabels, type UiLabels } from '../labels.tsx';
import { pageCount, pageItems, PAGE_SIZE_OPTIONS } from './paging.ts';
import { nextSorting, parseAbpSorting } from './sorting.ts';
import { primitiveText } from '../filters.ts';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** CSS width of the column (e.g. `'160px'`). */
    width?: string;
    minWidth?: string;
    align?: 'start' | 'center' | 'end';
    /** Keep the cell on one line and cut it with an ellipsis. */
    truncate?: boolean;
    /** Stick to the right edge while a wide table scrolls (row actions stay on screen). */
    pinEnd?: boolean;
  }
}

/** A column pinned to the right edge: sticky, opaque, with a shadow over what scrolls beneath. */
const pinnedEnd = (bg: string) =>
  ({ position: 'sticky', right: 0, bg, boxShadow: 'inset 1px 0 0 var(--chakra-colors-border), -6px 0 8px -6px rgba(0,0,0,.12)' }) as const;

export type { ColumnDef, RowSelectionState } from '@tanstack/react-table';

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: readonly T[];
  /** totalCount of the server's page result. */
  total: number;
  /** 1-based page. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /**
   * ABP `Sorting` string in effect (`'userName desc'`). Columns sort only when
   * their definition sets `enableSorting: true`; the column id is the field name.
   */
  sorting?: string;
  onSortingChange?: (sorting: string | undefined) => void;
  loading?: boolean;
  /** Row id for selection; default `row.id`. */
  getRowId?: (row: T, index: number) => string;
  /** Adds a checkbox column for batch actions. */
  selectable?: boolean;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  labels?: Partial<UiLabels>;
  /** Shown instead of the default empty state. */
  emptyContent?: React.ReactNode;
  /** Test id of the table root. */
  'data-testid'?: string;
  /**
   * What the rows were asked for (e.g. the URL query of a list kept in the address), written on the
   * root as `data-rows-for`: once it is what was asked and the table is not `aria-busy`, the rows answer it.
   */
  rowsFor?: string;
}

const defaultRowId = (row: unknown, index: number) => {
  const id: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, 'id') : undefined;
  const text = primitiveText(id);
  return text === '' ? String(index) : text;
};

const SELECT_COLUMN = '__select';

/**
 * A server-paged table: the parent owns page, page size, sorting and selection
 * (all controlled), fetches the page and passes `data` and `total`.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    data,
    total,
    page,
    pageSize,
    onPageChange,
    onPageSizeChange,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    sorting,
    onSortingChange,
    loading = false,
    getRowId = defaultRowId,
    selectable = false,
    rowSelection,
    onRowSelectionChange,
    emptyContent,
  } = props;
  const labels = useUiLabels(props.labels);

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!selectable) return columns;
    const select: ColumnDef<T, unknown> = {
      id: SELECT_COLUMN,
      enableSorting: false,
      meta: { width: '44px', align: 'center' },
      header: ({ table }) => (
        <Checkbox.Root
          size="sm"
          aria-label={labels.selectAll}
          checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(e) => table.toggleAllRowsSelected(e.checked === true)}
          disabled={table.getRowModel().rows.length === 0}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
      cell: ({ row }) => (
        <Checkbox.Root
          size="sm"
          aria-label={labels.selectRow}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(e) => row.toggleSelected(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, labels.selectAll, labels.selectRow]);

  const sortKeys = useMemo(() => parseAbpSorting(sorting), [sorting]);
  // Toggles can arrive faster than re-renders: apply each to the latest selection.
  const selectionRef = useRef<RowSelectionState>(rowSelection ?? {});
  selectionRef.current = rowSelection ?? {};

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's API is not memoizable; the compiler skips this component, which is what we want.
  const table = useReactTable<T>({
    data: data as T[],
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    defaultColumn: { enableSorting: false },
    getRowId,
    enableRowSelection: selectable,
    state: { sorting: sortKeys, rowSelection: rowSelection ?? {} },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(selectionRef.current) : updater;
      selectionRef.current = next;
      onRowSelectionChange?.(next);
    },
  });

  const pages = pageCount(total, pageSize);
  const rows = table.getRowModel().rows;
  const colSpan = table.getVisibleLeafColumns().length;
  const selectedCount = Object.values(rowSelection ?? {}).filter(Boolean).length;

  return (
    <Box data-testid={props['data-testid']} data-rows-for={props.rowsFor} position="relative">
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
        <Table.Root size="sm" interactive stickyHeader aria-busy={loading}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.muted">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const canSort = header.column.getCanSort() && !!onSortingChange;
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      width={meta?.width}
                      minWidth={meta?.minWidth}
                      textAlign={meta?.align}
                      {...(meta?.pinEnd && { ...pinnedEnd('bg.muted'), zIndex: 2 })}
                      whiteSpace="nowrap"
                      // A header that may wrap (a long English one) breaks between words, never inside one: Chinese
                      // has no spaces, and without keep-all a squeezed column put 姓名 one character a line.
                      wordBreak="keep-all"
                      color="fg.muted"
                      fontWeight="semibold"
                      // A sortable column announces its state, "none" included, so it is known to sort.
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                    >
                      {canSort ? (
                        <chakra.button
                          type="button"
                          display="inline-flex"
                          alignItems="center"
                          gap="1"
                          cursor="pointer"
                          _hover={{ color: 'fg' }}
                          color={sorted ? 'brand.fg' : undefined}
                          onClick={() => onSortingChange?.(nextSorting(sorting, header.column.id))}
                          data-sort={sorted || 'none'}
                        >
                          {content}
                          {sorted === 'asc' ? <ChevronUpIcon /> : sorted === 'desc' ? <ChevronDownIcon /> : <SortIcon opacity={0.4} />}
                        </chakra.button>
                      ) : (
                        content
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && loading
              ? Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
                  <Table.Row key={`skeleton-${i}`}>
                    <Table.Cell colSpan={colSpan}>
                      <Skeleton height="5" />
                    </Table.Cell>
                  </Table.Row>
                ))
              : null}
            {rows.length === 0 && !loading ? (
              <Table.Row>
                <Table.Cell colSpan={colSpan}>
                  {emptyContent ?? (
                    <EmptyState.Root size="sm">
                      <EmptyState.Content>
                        <EmptyState.Indicator>
                          <InboxIcon />
                        </EmptyState.Indicator>
                        <EmptyState.Title fontSize="sm" color="fg.muted" fontWeight="normal">
                          {labels.empty}
                        </EmptyState.Title>
                      </EmptyState.Content>
                    </EmptyState.Root>
                  )}
                </Table.Cell>
              </Table.Row>
            ) : null}
            {rows.map((row) => (
              <Table.Row key={row.id} data-selected={row.getIsSelected() ? '' : undefined}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <Table.Cell
                      key={cell.id}
                      textAlign={meta?.align}
                      maxWidth={meta?.truncate ? (meta.width ?? '240px') : undefined}
                      truncate={meta?.truncate}
                      {...(meta?.pinEnd && pinnedEnd('bg'))}
                      // A sticky cell is a stacking context: while its menu is open it rises above what follows the table (the pager).
                      css={meta?.pinEnd ? { '&:has([data-state=open])': { zIndex: 3 } } : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      {loading && rows.length > 0 && (
        <Flex position="absolute" inset="0" bottom="52px" align="center" justify="center" bg="bg/60" role="status" aria-label={labels.loading}>
          <Spinner color="brand.solid" />
        </Flex>
      )}

      <Flex mt="3" align="center" justify="space-between" gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <HStack gap="3">
          <Text data-testid="table-total">{labels.total(total)}</Text>
          {selectable && selectedCount > 0 && <Text color="brand.fg">{labels.selected(selectedCount)}</Text>}
        </HStack>
        <HStack gap="1" as="nav" aria-label={labels.pagination}>
          <IconButton size="xs" variant="ghost" aria-label={labels.previousPage} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeftIcon />
          </IconButton>
          {pageItems(page, pages).map((item) =>
            typeof item === 'number' ? (
              <IconButton
                key={item}
                size="xs"
                minW="7"
                variant={item === page ? 'solid' : 'ghost'}
                colorPalette={item === page ? 'brand' : 'gray'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={String(item)}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </IconButton>
            ) : (
              <Text key={item} px="1" aria-hidden="true">
                …
              </Text>
            ),
          )}
          <IconButton size="xs" variant="ghost" aria-label={labels.nextPage} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            <ChevronRightIcon />
          </IconButton>
          {onPageSizeChange && (
            <NativeSelect.Root size="xs" width="auto" ms="2">
              <NativeSelect.Field
                aria-label={labels.perPage(pageSize)}
                value={String(pageSize)}
                onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
              >
                {pageSizeOptions.map((n) => (
                  <option key={n} value={n}>
                    {labels.perPage(n)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
