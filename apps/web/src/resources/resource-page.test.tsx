import { AbpError, clientMethodName, crud, defineService, type AbpUserConfigurationDto } from '@edu/sdk';
import { resetAbpState, setAbpState } from '../lib/abp-store.ts';
import { UiProvider } from '@edu/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../lib/i18n.ts';

i18n.addResourceBundle(
  'zh-CN',
  'translation',
  { resources: { book: { title: '图书', entity: '图书', fields: { name: '书名', isActive: '状态' }, actions: { pin: '置顶' } } } },
  true,
  true,
);
import { batchDeleteAction, callAction, switchCell } from './actions.tsx';
import type { AnyCall } from '../lib/use-api.ts';
import { defineResource } from './define-resource.ts';
import { ResourcePage } from './resource-page.tsx';

const BookDto = z.object({ id: z.number(), name: z.string(), isActive: z.boolean() });
type Book = z.infer<typeof BookDto>;
const CreateBook = z.object({ name: z.string().min(2).max(20), isActive: z.boolean().default(true) });
const UpdateBook = CreateBook.extend({ id: z.number() });
const FakeService = defineService(
  'Book',
  {
    ...crud({ dto: BookDto, create: CreateBook, update: UpdateBook }),
    BatchDelete: { input: z.object({ ids: z.array(z.number()) }), output: z.null() },
    PlacedTop: { input: z.object({ id: z.number() }), output: z.null() },
    Activate: { input: z.object({ id: z.number(), isActive: z.boolean() }), output: z.null() },
  },
  { access: 'authenticated' },
);

const all: Book[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `书籍${i + 1}`, isActive: i % 2 === 0 }));

/** The tenant every listed row carries (host-side lists), or none. */
let rowTenant: number | undefined;

function fakeService() {
  const impl = {
    getAll: vi.fn(async (q: { SkipCount: number; MaxResultCount: number }) => ({
      totalCount: all.length,
      items: all.slice(q.SkipCount, q.SkipCount + q.MaxResultCount).map((b) => (rowTenant === undefined ? b : { ...b, tenantId: rowTenant })),
    })),
    get: vi.fn(async (q: { Id: number }) => all.find((b) => b.id === q.Id)!),
    create: vi.fn(async (input: Omit<Book, 'id'>) => ({ id: 99, ...input })),
    update: vi.fn(async (input: Book) => input),
    delete: vi.fn(async () => null),
    batchDelete: vi.fn(async () => null),
    placedTop: vi.fn(async () => null),
    activate: vi.fn(async () => null),
  };
  const service = Object.fromEntries(
    Object.entries(FakeService.endpoints).map(([method, endpoint]) => {
      const fn = impl[clientMethodName(method) as keyof typeof impl];
      return [clientMethodName(method), Object.assign(fn, { endpoint })];
    }),
  ) as unknown as {
    getAll: AnyCall & typeof impl.getAll;
    get: AnyCall & typeof impl.get;
    create: AnyCall & typeof impl.create;
    update: AnyCall & typeof impl.update;
    delete: AnyCall & typeof impl.delete;
    batchDelete: AnyCall & typeof impl.batchDelete;
    placedTop: AnyCall & typeof impl.placedTop;
    activate: AnyCall & typeof impl.activate;
  };
  return { service, impl };
}

function setup(options: { tenantOwned?: boolean; lockOdd?: boolean } = {}) {
  const { service, impl } = fakeService();
  const resource = defineResource({
    name: 'book',
    service,
    tenantOwned: options.tenantOwned,
    ...(options.lockOdd && {
      crud: { update: (row: Book) => row.id % 2 === 0, delete: (row: Book) => row.id % 2 === 0, lockedKey: 'content.builtInLocked' },
    }),
    rowLabel: (row) => row.name,
    columns: [
      { field: 'name', sortable: true },
      { field: 'isActive', cell: switchCell<Book>({ call: service.activate, input: (row, on) => ({ id: row.id, isActive: on }) }) },
    ],
    filters: [
      { name: 'Keyword', type: 'keyword' },
      { name: 'PublishedFrom', type: 'date', labelKey: 'resources.book.fields.name' },
    ],
    form: {
      fields: [
        { name: 'name', type: 'text' },
        { name: 'isActive', type: 'switch' },
      ],
    },
    actions: [batchDeleteAction<Book>(service.batchDelete)],
    rowActions: [callAction<Book>({ key: 'pin', inline: true, call: service.placedTop, input: (row) => ({ id: row.id }), confirm: true })],
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <ResourcePage resource={resource} />
      </UiProvider>
    </SWRConfig>,
  );
  return impl;
}

describe('ResourcePage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    rowTenant = undefined;
    resetAbpState();
  });

  it("on the host side, names each row's tenant and offers no create for tenant-owned rows", async () => {
    const signIn = (tenantId: number | null) =>
      setAbpState({
        config: {
          session: { userId: 1, tenantId, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: tenantId === null ? 2 : 1 },
          auth: { allPermissions: {}, grantedPermissions: {} },
        } as unknown as AbpUserConfigurationDto,
      });
    rowTenant = 7;
    signIn(null);
    setup({ tenantOwned: true });
    await screen.findByText('书籍1');
    expect(screen.queryByTestId('action-create')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '所属租户' })).toBeInTheDocument();
    expect(screen.getAllByTestId('row-tenant')[0]).toHaveTextContent('租户 #7');
    cleanup();
    // Inside a tenant the same list creates as usual and has no tenant column.
    signIn(7);
    setup({ tenantOwned: true });
    await screen.findByText('书籍1');
    expect(screen.getByTestId('action-create')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '所属租户' })).toBeNull();
  });

  it('says why a built-in row cannot be edited or deleted', async () => {
    setup({ lockOdd: true });
    const cellOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const locked = await cellOf('书籍1');
    expect(within(locked).getByTestId('row-locked')).toHaveTextContent('系统内置，不可修改或删除');
    expect(within(locked).queryByTestId('row-action-edit')).toBeNull();
    const open = await cellOf('书籍2');
    expect(within(open).queryByTestId('row-locked')).toBeNull();
    expect(within(open).getByTestId('row-action-edit')).toBeInTheDocument();
  });

  it('lists page 1 with 10 rows and pages on the server', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 });
    expect(screen.getByTestId('table-total')).toHaveTextContent('共 25 条');
    expect(screen.getAllByText(/^书籍\d+$/)).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('书籍11');
    expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 10, MaxResultCount: 10 });
  });

  it('sorts with an ABP Sorting string and filters by keyword from page 1', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    fireEvent.click(screen.getByRole('button', { name: /书名/ }));
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Sorting: 'name asc' }));
    fireEvent.change(screen.getByTestId('filter-keyword'), { target: { value: ' 书 ' } });
    fireEvent.keyDown(screen.getByTestId('filter-keyword'), { key: 'Enter' });
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Sorting: 'name asc', Keyword: '书' }));
  });

  it('asks the server again when 查询 is pressed with nothing changed, as a refresh', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    const calls = impl.getAll.mock.calls.length;
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(impl.getAll.mock.calls.length).toBe(calls + 1));
    expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 });
    fireEvent.change(screen.getByTestId('filter-keyword'), { target: { value: '书籍2' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Keyword: '书籍2' }));
    const searched = impl.getAll.mock.calls.length;
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(impl.getAll.mock.calls.length).toBe(searched + 1));
    expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Keyword: '书籍2' });
  });

  it('never lists by a keyword the box no longer shows: a cleared box applies at once, another filter applies the box as it reads', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    const box = screen.getByTestId('filter-keyword');
    fireEvent.change(box, { target: { value: '书籍2' } });
    // Typing alone does not search (the keyword applies with Enter or 查询).
    expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Keyword: '书籍2' }));
    // Emptied: the whole list again without pressing anything.
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 }));
    expect(box).toHaveValue('');
    // A keyword typed but not submitted goes along with the next filter change.
    fireEvent.change(box, { target: { value: '书籍1' } });
    fireEvent.change(screen.getByTestId('filter-PublishedFrom'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, Keyword: '书籍1', PublishedFrom: '2026-03-01' }),
    );
    expect(box).toHaveValue('书籍1');
  });

  it('filters by a calendar day as typed, and clears it', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    // The label shows beside the box (an empty date box says only 年/月/日) and names it.
    expect(screen.getByTestId('filter-PublishedFrom-label')).toHaveTextContent('书名');
    expect(screen.getByLabelText('书名', { selector: 'input[type="date"]' })).toBe(screen.getByTestId('filter-PublishedFrom'));
    fireEvent.change(screen.getByTestId('filter-PublishedFrom'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, PublishedFrom: '2026-03-01' }));
    fireEvent.change(screen.getByTestId('filter-PublishedFrom'), { target: { value: '' } });
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 }));
  });

  it('creates through a validated form', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    fireEvent.click(screen.getByTestId('action-create'));
    const dialog = await screen.findByTestId('book-create-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('此项为必填项')).toBeInTheDocument();
    expect(impl.create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /书名/ }), { target: { value: '新书' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(impl.create).toHaveBeenCalledWith({ name: '新书', isActive: true }));
    await waitFor(() => expect(screen.queryByTestId('book-create-dialog')).toBeNull());
    // The list is read again after the write.
    await waitFor(() => expect(impl.getAll.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('marks the field a server validation error names', async () => {
    const impl = setup();
    impl.create.mockRejectedValueOnce(
      new AbpError({
        kind: 'validation',
        status: 400,
        message: 'Your request is not valid!',
        validationErrors: [{ message: '书名已存在', members: ['name'] }],
      }),
    );
    await screen.findByText('书籍1');
    fireEvent.click(screen.getByTestId('action-create'));
    const dialog = await screen.findByTestId('book-create-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /书名/ }), { target: { value: '书籍1' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('书名已存在')).toBeInTheDocument();
    expect(screen.getByTestId('book-create-dialog')).toBeInTheDocument();
  });

  it('edits after loading Get?Id= and sends the id', async () => {
    const impl = setup();
    await screen.findByText('书籍2');
    fireEvent.click(screen.getAllByTestId('row-action-edit')[1]!);
    const dialog = await screen.findByTestId('book-update-dialog');
    await waitFor(() => expect(impl.get).toHaveBeenCalledWith({ Id: 2 }));
    const input = await within(dialog).findByRole('textbox', { name: /书名/ });
    expect(input).toHaveValue('书籍2');
    fireEvent.change(input, { target: { value: '改名' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(impl.update).toHaveBeenCalledWith({ id: 2, name: '改名', isActive: false }));
  });

  it('deletes after confirmation', async () => {
    const impl = setup();
    await screen.findByText('书籍3');
    fireEvent.click(screen.getAllByTestId('row-action-delete')[2]!);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('确定要删除吗？');
    expect(confirm).toHaveTextContent('书籍3');
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(impl.delete).toHaveBeenCalledWith({ Id: 3 }));
  });

  it('runs a batch action on the selected rows', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    expect(screen.getByTestId('action-batchDelete')).toBeDisabled();
    const table = screen.getByTestId('book-table');
    const selectBox = (name: string) => within(within(table).getByText(name).closest('tr')!).getAllByRole('checkbox')[0]!;
    await act(async () => {
      fireEvent.click(selectBox('书籍1'));
      fireEvent.click(selectBox('书籍2'));
    });
    await waitFor(() => expect(screen.getByTestId('action-batchDelete')).toBeEnabled());
    fireEvent.click(screen.getByTestId('action-batchDelete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('2 项');
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(impl.batchDelete).toHaveBeenCalledWith({ ids: [1, 2] }));
  });

  it('runs a row action after confirmation and flips a switch cell', async () => {
    const impl = setup();
    await screen.findByText('书籍1');
    fireEvent.click(screen.getAllByTestId('row-action-pin')[0]!);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('确定要执行“置顶”吗？');
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(impl.placedTop).toHaveBeenCalledWith({ id: 1 }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    // Row 2 is inactive: its switch turns it on.
    const table = screen.getByTestId('book-table');
    const row2 = within(table).getByText('书籍2').closest('tr')!;
    await act(async () => {
      fireEvent.click(within(row2).getAllByRole('checkbox').at(-1)!);
    });
    await waitFor(() => expect(impl.activate).toHaveBeenCalledWith({ id: 2, isActive: true }));
  });

  it('reads a refused switch as off again, for screen readers too', async () => {
    const impl = setup();
    impl.activate.mockRejectedValueOnce(new Error('refused'));
    await screen.findByText('书籍1');
    const row2 = within(screen.getByTestId('book-table')).getByText('书籍2').closest('tr')!;
    await act(async () => {
      fireEvent.click(within(row2).getAllByRole('checkbox').at(-1)!);
    });
    await waitFor(() => expect(impl.activate).toHaveBeenCalledWith({ id: 2, isActive: true }));
    await waitFor(() => expect(within(row2).getAllByRole('checkbox').at(-1)!).not.toBeChecked());
  });
});
