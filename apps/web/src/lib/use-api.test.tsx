import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { api } from './client.ts';
import { apiKey, keyMatcher, startRead, useApi, useApiMutation } from './use-api.ts';
import * as errors from './errors.tsx';
import { AbpError } from '@edu/sdk';

const wrap = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

describe('useApi / useApiMutation', () => {
  it('keys reads by [service, method, input]', () => {
    expect(apiKey(api.user.getAll, { SkipCount: 0 })).toEqual(['User', 'GetAll', { SkipCount: 0 }]);
    expect(keyMatcher(['user'])(['User', 'GetAll', {}])).toBe(true);
    expect(keyMatcher(['Role'])(['User', 'GetAll', {}])).toBe(false);
    expect(keyMatcher(['Role'])('User')).toBe(false);
  });

  it('reads, does not fetch on null input, and revalidates the service after a write', async () => {
    const page = (n: number) => ({ totalCount: n, items: [] });
    const getAll = vi.spyOn(api.user, 'getAll').mockResolvedValueOnce(page(1)).mockResolvedValueOnce(page(0));
    vi.spyOn(api.user, 'delete').mockResolvedValue(null);
    const getRoles = vi.spyOn(api.role, 'getAll');
    let del: (() => Promise<unknown>) | undefined;
    function C({ children }: { children?: ReactNode }) {
      const users = useApi(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
      useApi(api.role.getAll, null);
      const m = useApiMutation(api.user.delete);
      del = () => m.trigger({ Id: 3 });
      return (
        <div>
          <span data-testid="total">{users.data?.totalCount ?? '-'}</span>
          {children}
        </div>
      );
    }
    render(<C />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('1'));
    await act(async () => {
      await del!();
    });
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('0'));
    expect(getAll).toHaveBeenCalledTimes(2);
    expect(getRoles).not.toHaveBeenCalled();
  });

  it('answers the first reader of a call and input with the read started ahead, once (no second request)', async () => {
    const page = (n: number) => ({ totalCount: n, items: [] });
    const getAll = vi.spyOn(api.user, 'getAll');
    getAll.mockReset().mockResolvedValueOnce(page(7)).mockResolvedValueOnce(page(8)).mockResolvedValueOnce(page(9));
    startRead(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
    expect(getAll).toHaveBeenCalledTimes(1);
    function C({ input }: { input: { SkipCount: number; MaxResultCount: number } }) {
      const users = useApi(api.user.getAll, input);
      return <span data-testid={`total-${input.SkipCount}`}>{users.data?.totalCount ?? '-'}</span>;
    }
    const first = render(<C input={{ MaxResultCount: 10, SkipCount: 0 }} />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('total-0')).toHaveTextContent('7'));
    expect(getAll).toHaveBeenCalledTimes(1);
    first.unmount();
    // Taken once: the next reader of the same key (its own cache here) asks the server; another input never took it.
    render(<C input={{ SkipCount: 0, MaxResultCount: 10 }} />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('total-0')).toHaveTextContent('8'));
    render(<C input={{ SkipCount: 10, MaxResultCount: 10 }} />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('total-10')).toHaveTextContent('9'));
    expect(getAll).toHaveBeenCalledTimes(3);
  });

  it('drops a read started ahead when a write revalidates: the reader after the write asks the server', async () => {
    const page = (n: number) => ({ totalCount: n, items: [] });
    const getAll = vi.spyOn(api.user, 'getAll');
    getAll.mockReset().mockResolvedValueOnce(page(7)).mockResolvedValueOnce(page(8));
    vi.spyOn(api.user, 'delete').mockResolvedValue(null);
    // Started for a key no reader asks for first (the list rendered with other filters).
    startRead(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
    let del: (() => Promise<unknown>) | undefined;
    function Writer() {
      const m = useApiMutation(api.user.delete);
      del = () => m.trigger({ Id: 3 });
      return null;
    }
    render(<Writer />, { wrapper: wrap });
    await act(() => del!());
    function C() {
      const users = useApi(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
      return <span data-testid="after-write">{users.data?.totalCount ?? '-'}</span>;
    }
    render(<C />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('after-write')).toHaveTextContent('8'));
    expect(getAll).toHaveBeenCalledTimes(2);
  });

  it('opens the error modal on failure unless silent, and rethrows from trigger', async () => {
    const show = vi.spyOn(errors, 'showError');
    const boom = new AbpError({ kind: 'forbidden', status: 403, message: 'No permission' });
    vi.spyOn(api.role, 'delete').mockRejectedValue(boom);
    let loud: (() => Promise<unknown>) | undefined;
    let quiet: (() => Promise<unknown>) | undefined;
    function C() {
      const a = useApiMutation(api.role.delete);
      const b = useApiMutation(api.role.delete, { silent: true });
      loud = () => a.trigger({ Id: 1 });
      quiet = () => b.trigger({ Id: 1 });
      return null;
    }
    render(<C />, { wrapper: wrap });
    await expect(quiet!()).rejects.toBe(boom);
    expect(show).not.toHaveBeenCalled();
    await expect(loud!()).rejects.toBe(boom);
    expect(show).toHaveBeenCalledWith(boom);
  });

  it('reads fresh for an edit dialog: never the cached copy, and once per mount', async () => {
    const role = (name: string) => ({
      id: 1,
      name,
      displayName: name,
      normalizedName: name,
      description: null,
      isStatic: false,
      isDefault: false,
      grantedPermissions: [],
      grantedCategoryIds: [],
      creationTime: '2024-01-01T00:00:00Z',
    });
    const get = vi.spyOn(api.role, 'get').mockResolvedValueOnce(role('old')).mockResolvedValueOnce(role('new')).mockResolvedValueOnce(role('newer'));
    const seen: string[] = [];
    function Cached() {
      const r = useApi(api.role.get, { Id: 1 });
      return <span data-testid="cached">{r.data?.name ?? '-'}</span>;
    }
    function Fresh() {
      const r = useApi(api.role.get, { Id: 1 }, { fresh: true });
      seen.push(r.data?.name ?? '-');
      return <span data-testid="fresh">{r.data?.name ?? '-'}</span>;
    }
    const view = render(<Cached />, { wrapper: wrap });
    await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('old'));
    view.rerender(
      <>
        <Cached />
        <Fresh />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('fresh')).toHaveTextContent('new'));
    expect(seen).not.toContain('old');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
