import { crud, defineService } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AnyCall } from '../lib/use-api.ts';
import { defineResource } from './define-resource.ts';
import { ListInUrl, parseListParams, useListParams, writeListParams } from './list-state.tsx';
import { resourceScreen } from './screen.tsx';

describe('list state in the URL', () => {
  it('reads what a link holds and drops what is not valid', () => {
    const search = new URLSearchParams({
      page: '3',
      pageSize: '20',
      sort: 'name desc',
      filter: JSON.stringify({ Keyword: '书', AuditStatus: 2, IsTop: true, Bad: { nested: 1 }, Null: null }),
      tab: 'mine',
    });
    expect(parseListParams(search)).toEqual({
      page: 3,
      pageSize: 20,
      sorting: 'name desc',
      filters: { Keyword: '书', AuditStatus: 2, IsTop: true },
      tab: 'mine',
    });
    const bad = new URLSearchParams({ page: '-1', pageSize: '7', sort: 'name; drop', filter: '{not json' });
    expect(parseListParams(bad, { sorting: 'id desc' })).toEqual({ page: 1, pageSize: 10, sorting: 'id desc', filters: {} });
    expect(parseListParams(new URLSearchParams({ filter: '[1,2]', page: '1e3' }))).toEqual({
      page: 1,
      pageSize: 10,
      sorting: undefined,
      filters: {},
    });
  });

  it('writes only what differs from the defaults and keeps the route’s other members', () => {
    const base = new URLSearchParams({ type: '2', page: '4' });
    const out = writeListParams(
      { page: 1, pageSize: 10, sorting: 'id desc', filters: { Keyword: '', Status: 1, X: undefined } },
      { sorting: 'id desc' },
      base,
    );
    expect(Object.fromEntries(out)).toEqual({ type: '2', filter: '{"Status":1}' });
    const back = writeListParams({ page: 2, pageSize: 50, sorting: 'name asc', filters: { Keyword: 'a' }, tab: 'moderated' });
    expect(parseListParams(back)).toEqual({ page: 2, pageSize: 50, sorting: 'name asc', filters: { Keyword: 'a' }, tab: 'moderated' });
  });
});

const BookDto = z.object({ id: z.number(), name: z.string() });
const BookService = defineService('Book', crud({ dto: BookDto, create: BookDto.omit({ id: true }), update: BookDto }), {
  access: 'authenticated',
});
const books = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `书籍${i + 1}` }));

function bookScreen() {
  const getAll = vi.fn(async (q: { SkipCount: number; MaxResultCount: number; Keyword?: string }) => {
    const found = books.filter((b) => !q.Keyword || b.name.includes(q.Keyword));
    return { totalCount: found.length, items: found.slice(q.SkipCount, q.SkipCount + q.MaxResultCount) };
  });
  const service: { getAll: AnyCall } = { getAll: Object.assign(getAll, { endpoint: BookService.endpoints.GetAll }) };
  const resource = defineResource({
    name: 'book',
    service,
    columns: [{ field: 'name', sortable: true }],
    filters: [{ name: 'Keyword', type: 'keyword' }],
  });
  return { getAll, Screen: resourceScreen(resource) };
}

/** Opens `/books<search>` as a fresh page load (a reload or a link opened directly). */
function open(Screen: ReturnType<typeof bookScreen>['Screen'], search: string) {
  const router = createMemoryRouter([{ path: '/books', Component: Screen }], { initialEntries: [`/books${search}`] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <RouterProvider router={router} />
      </UiProvider>
    </SWRConfig>,
  );
  return { router, view };
}

describe('a route’s list in its URL', () => {
  it('puts the filter and page in the URL, and a reload of that URL lists the same', async () => {
    const first = bookScreen();
    const { router, view } = open(first.Screen, '');
    await screen.findByText('书籍1');
    fireEvent.change(screen.getByTestId('filter-keyword'), { target: { value: '书籍1' } });
    fireEvent.keyDown(screen.getByTestId('filter-keyword'), { key: 'Enter' });
    await screen.findByText('书籍10');
    // 书籍1 and 书籍10..19: the second page holds the last one.
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('书籍19');
    expect(first.getAll).toHaveBeenLastCalledWith({ SkipCount: 10, MaxResultCount: 10, Keyword: '书籍1' });
    const url = router.state.location.search;
    expect(parseListParams(new URLSearchParams(url))).toMatchObject({ page: 2, filters: { Keyword: '书籍1' } });
    view.unmount();

    // The same URL opened anew: the first request already carries the filter and page, and the box shows the keyword.
    const second = bookScreen();
    open(second.Screen, url);
    await screen.findByText('书籍19');
    expect(screen.queryByText('书籍11')).toBeNull();
    expect(second.getAll).toHaveBeenCalledTimes(1);
    expect(second.getAll).toHaveBeenCalledWith({ SkipCount: 10, MaxResultCount: 10, Keyword: '书籍1' });
    expect(screen.getByTestId('filter-keyword')).toHaveValue('书籍1');

    // 重置 empties the URL's list members.
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(second.getAll).toHaveBeenLastCalledWith({ SkipCount: 0, MaxResultCount: 10 }));
  });

  it('opens a hand-typed link with a filter directly', async () => {
    const { getAll, Screen } = bookScreen();
    const { router } = open(Screen, `?filter=${encodeURIComponent(JSON.stringify({ Keyword: '书籍2' }))}&sort=name%20desc`);
    await screen.findByText('书籍25');
    expect(getAll).toHaveBeenCalledWith({ SkipCount: 0, MaxResultCount: 10, Sorting: 'name desc', Keyword: '书籍2' });
    expect(router.state.location.search).toContain('sort=name');
  });
});

describe('changes made before the URL is rendered', () => {
  it('builds each change on the last one written, whichever part of the screen made it', () => {
    // The tabs and the list each hold the state (as a resource page's tab bar and its list do).
    const { result } = renderHook(() => ({ tabs: useListParams(), list: useListParams(), location: useLocation() }), {
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={['/q?tab=queue']}>
          <ListInUrl>{children}</ListInUrl>
        </MemoryRouter>
      ),
    });
    // A tab, then at once a search from the list, in one go: the list has not seen the new tab yet.
    act(() => {
      result.current.tabs.setTab(undefined, { fresh: true });
      result.current.list.applyFilters({ Keyword: '碳' });
    });
    expect(parseListParams(new URLSearchParams(result.current.location.search))).toEqual({
      page: 1,
      pageSize: 10,
      sorting: undefined,
      filters: { Keyword: '碳' },
    });
    // Once rendered, both read the same URL.
    act(() => result.current.list.setPage(3));
    expect(result.current.list.params).toMatchObject({ page: 3, filters: { Keyword: '碳' } });
  });
});
