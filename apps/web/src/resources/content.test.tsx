import { AuditInput, clientMethodName, ContentQuery, crud, defineService, PinInput } from '@edu/sdk';
import { UiProvider, type SelectOption } from '@edu/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../lib/i18n.ts';
import type { AnyCall } from '../lib/use-api.ts';
import { auditColumn, pinActions, reviewActions } from './content.tsx';
import { defineResource } from './define-resource.ts';
import { normalizeFormValues } from './form-fields.tsx';
import { ResourcePage } from './resource-page.tsx';

i18n.addResourceBundle(
  'zh-CN',
  'translation',
  {
    resources: {
      note: {
        title: '笔记',
        entity: '笔记',
        fields: { title: '标题', categoryId: '分类', chapterId: '章节', auditStatus: '审核状态' },
        filters: { CategoryId: '分类' },
        variants: { all: '全部笔记', mine: '我的笔记' },
      },
    },
  },
  true,
  true,
);

const NoteDto = z.object({
  id: z.number(),
  title: z.string(),
  categoryId: z.number(),
  chapterId: z.number().nullable(),
  auditStatus: z.number(),
  auditReason: z.string().nullable(),
  isTop: z.boolean(),
});
type Note = z.infer<typeof NoteDto>;
const CreateNote = z.object({ title: z.string().min(1), categoryId: z.number().int().min(1), chapterId: z.number().nullish() });
const Service = defineService(
  'Note',
  {
    ...crud({ dto: NoteDto, create: CreateNote, update: CreateNote.extend({ id: z.number() }), query: ContentQuery }),
    GetAllMine: { input: ContentQuery, output: z.object({ totalCount: z.number(), items: z.array(NoteDto) }) },
    Audited: { input: AuditInput, output: z.null() },
    PlacedTop: { input: PinInput, output: z.null() },
  },
  { access: 'authenticated' },
);

const rows: Note[] = [
  { id: 1, title: '待审的笔记', categoryId: 11, chapterId: null, auditStatus: 0, auditReason: null, isTop: false },
  { id: 2, title: '驳回的笔记', categoryId: 11, chapterId: null, auditStatus: 2, auditReason: '内容与分类不符', isTop: true },
];
const tree = [
  {
    value: 1,
    label: '初中',
    children: [
      { value: 11, label: '数学' },
      { value: 12, label: '语文' },
    ],
  },
];

function fakeService() {
  const page = async () => ({ totalCount: rows.length, items: rows });
  const impl = {
    getAll: vi.fn(page),
    getAllMine: vi.fn(async () => ({ totalCount: 1, items: [rows[0]!] })),
    get: vi.fn(async (q: { Id: number }) => rows.find((r) => r.id === q.Id)!),
    create: vi.fn(async (input: Omit<Note, 'id'>) => ({ id: 9, ...input })),
    update: vi.fn(async (input: Note) => input),
    delete: vi.fn(async () => null),
    audited: vi.fn(async () => null),
    placedTop: vi.fn(async () => null),
  };
  const service = Object.fromEntries(
    Object.entries(Service.endpoints).map(([method, endpoint]) => [
      clientMethodName(method),
      Object.assign(impl[clientMethodName(method) as keyof typeof impl], { endpoint }),
    ]),
  ) as unknown as { [K in keyof typeof impl]: AnyCall & (typeof impl)[K] };
  return { service, impl };
}

/** Chapters of the category picked in the form. */
function useChapters(_ctx: unknown, control: Control<FieldValues>): SelectOption[] {
  const categoryId = useWatch({ control, name: 'categoryId' }) as number | null;
  return categoryId === 11 ? [{ value: 111, label: '第一章 有理数' }] : categoryId === 12 ? [{ value: 121, label: '第一单元 识字' }] : [];
}

function setup(variantTabs?: string[]) {
  const { service, impl } = fakeService();
  const resource = defineResource({
    name: 'note',
    service,
    rowLabel: (row) => row.title,
    columns: [{ field: 'title' }, auditColumn<Note>()],
    filters: [{ name: 'CategoryId', type: 'cascader', useTreeOptions: () => tree, formField: 'categoryId' }],
    form: {
      fields: [
        { name: 'title', type: 'text' },
        { name: 'categoryId', type: 'cascader', treeOptions: tree },
        { name: 'chapterId', type: 'select', useOptions: useChapters, dependsOn: 'categoryId' },
      ],
    },
    rowActions: [...pinActions<Note>(service.placedTop), ...reviewActions<Note>(service.audited)],
    variants: { mine: { list: service.getAllMine } },
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <ResourcePage resource={resource} variantTabs={variantTabs} />
      </UiProvider>
    </SWRConfig>,
  );
  return impl;
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('reviewable content on a resource page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the review state as a badge, with the rejection reason', async () => {
    setup();
    await screen.findByText('待审的笔记');
    expect(within(rowOf('待审的笔记')).getByTestId('audit-status')).toHaveTextContent('待审核');
    expect(within(rowOf('驳回的笔记')).getByTestId('audit-status')).toHaveTextContent('未通过');
    expect(within(rowOf('驳回的笔记')).getByTestId('audit-reason')).toHaveTextContent('驳回原因：内容与分类不符');
  });

  it('offers pin or unpin by the row state, and approve after a confirmation', async () => {
    const impl = setup();
    await screen.findByText('待审的笔记');
    const pending = rowOf('待审的笔记');
    expect(within(pending).queryByTestId('row-action-unpin')).toBeNull();
    expect(within(rowOf('驳回的笔记')).queryByTestId('row-action-pin')).toBeNull();
    // A rejected row can still be approved; a pending one rejected.
    expect(within(rowOf('驳回的笔记')).queryByTestId('row-action-reject')).toBeNull();

    fireEvent.click(within(pending).getByTestId('row-action-pin'));
    await waitFor(() => expect(impl.placedTop).toHaveBeenCalledWith({ id: 1, isTop: true }));
    fireEvent.click(within(rowOf('驳回的笔记')).getByTestId('row-action-unpin'));
    await waitFor(() => expect(impl.placedTop).toHaveBeenCalledWith({ id: 2, isTop: false }));

    fireEvent.click(within(pending).getByTestId('row-action-approve'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('确定审核通过“待审的笔记”吗？');
    expect(within(confirm).getByTestId('confirm-ok')).toHaveTextContent('审核通过');
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(impl.audited).toHaveBeenCalledWith({ id: 1, auditStatus: 1 }));
  });

  it('rejects only with a reason', async () => {
    const impl = setup();
    await screen.findByText('待审的笔记');
    fireEvent.click(within(rowOf('待审的笔记')).getByTestId('row-action-reject'));
    const dialog = await screen.findByTestId('dialog-reject');
    // The confirm button names the decision and is styled as destructive.
    expect(within(dialog).getByTestId('form-submit')).toHaveTextContent('驳回');
    expect(within(dialog).getByTestId('form-submit')).toHaveAttribute('data-destructive');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('此项为必填项')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /驳回原因/ }), { target: { value: '  缺少出处 ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(impl.audited).toHaveBeenCalledWith({ id: 1, auditStatus: 2, auditReason: '缺少出处' }));
  });

  it('filters by a category cascader and starts a new record in that category', async () => {
    const impl = setup();
    await screen.findByText('待审的笔记');
    fireEvent.click(screen.getByTestId('filter-CategoryId'));
    fireEvent.click(await screen.findByText('初中'));
    fireEvent.click(await screen.findByText('数学'));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(impl.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10, CategoryId: 11 }));

    fireEvent.click(screen.getByTestId('action-create'));
    const dialog = await screen.findByTestId('note-create-dialog');
    expect(within(dialog).getByTestId('cascader-categoryId')).toHaveTextContent('初中 / 数学');
    // The chapter list follows the category; changing the category clears the chapter.
    const chapter = within(dialog).getByRole('combobox', { name: /章节/ });
    fireEvent.change(chapter, { target: { value: '111' } });
    expect(chapter).toHaveValue('111');
    fireEvent.click(within(dialog).getByTestId('cascader-categoryId'));
    fireEvent.click(await within(dialog).findByText('语文'));
    await waitFor(() => expect(chapter).toHaveValue(''));
    expect(within(chapter).getByText('第一单元 识字')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /标题/ }), { target: { value: '识字笔记' } });
    fireEvent.change(chapter, { target: { value: '121' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(impl.create).toHaveBeenCalledWith({ title: '识字笔记', categoryId: 12, chapterId: 121 }));
  });

  it('switches variants with tabs, each a fresh list', async () => {
    const impl = setup(['mine']);
    await screen.findByText('驳回的笔记');
    expect(screen.getByTestId('variant-tab-all')).toHaveTextContent('全部笔记');
    expect(screen.getByRole('heading', { name: '笔记' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('variant-tab-mine'));
    await waitFor(() => expect(impl.getAllMine).toHaveBeenCalledWith({ SkipCount: 0, MaxResultCount: 10 }));
    await waitFor(() => expect(screen.queryByText('驳回的笔记')).toBeNull());
    expect(screen.getByTestId('variant-tab-mine')).toHaveAttribute('aria-selected', 'true');
    // The page keeps its own title.
    expect(screen.getByRole('heading', { name: '笔记' })).toBeInTheDocument();
  });
});

describe('form values of a loaded record', () => {
  it("turn instants into the fields' shapes", () => {
    const fields = [
      { name: 'publishDate', type: 'date' as const },
      { name: 'startTime', type: 'datetime' as const },
      { name: 'endTime', type: 'datetime' as const },
      { name: 'title', type: 'text' as const },
    ];
    expect(
      normalizeFormValues(fields, {
        publishDate: '2024-04-30T16:00:00Z',
        startTime: '2024-05-01T00:00:00',
        endTime: '2024-05-02T00:00:00Z',
        title: 'x',
      }),
    ).toEqual({ publishDate: '2024-05-01', startTime: '2024-05-01T00:00:00Z', endTime: '2024-05-02T00:00:00Z', title: 'x' });
  });
});
