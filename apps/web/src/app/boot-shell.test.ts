import { describe, expect, it, vi } from 'vitest';
import type { AbpUserConfigurationDto } from '@edu/sdk';
import { setAbpState } from '../lib/abp-store.ts';
import type * as Navigation from '../navigation.ts';

const { loadList, loadAssemble, getAll, listResource } = vi.hoisted(() => {
  const getAll = Object.assign(
    vi.fn(() => Promise.resolve({ totalCount: 0, items: [] })),
    { endpoint: { service: 'Prefetch', method: 'GetAll' } },
  );
  // What a resource list's first read uses of its resource: the list call, the fixed query, the default sorting.
  const listResource = { name: 'prefetch', service: { getAll }, query: { Kind: 2 }, defaultSorting: 'id desc', variant: () => listResource };
  return {
    loadList: vi.fn(() => Promise.resolve({ default: () => null })),
    loadAssemble: vi.fn(() => Promise.resolve({ default: () => null })),
    getAll,
    listResource,
  };
});

// The real route table, with a group of two screens whose loaders are spies.
vi.mock('../navigation.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Navigation>();
  const group = {
    name: 'prefetchTest',
    path: '/prefetchTest',
    titleKey: 'routes.prefetchTest',
    icon: 'paper' as const,
    children: [
      { name: 'prefetchList', path: '/prefetchTest/list', titleKey: 'routes.prefetchList', page: loadList },
      { name: 'prefetchAssemble', path: '/prefetchTest/:list/:id/assemble', titleKey: 'routes.prefetchAssemble', page: loadAssemble },
      {
        name: 'prefetchResource',
        path: '/prefetchTest/resource',
        titleKey: 'routes.prefetchResource',
        page: loadList,
        resource: { resource: () => Promise.resolve(listResource) },
      },
      {
        name: 'prefetchDenied',
        path: '/prefetchTest/denied',
        titleKey: 'routes.prefetchDenied',
        permission: 'Pages.Nobody',
        page: loadList,
        resource: { resource: () => Promise.resolve(listResource) },
      },
    ],
  };
  return { ...original, appGroups: [...original.appGroups, group] };
});

const { prefetchScreen, routeMatches } = await import('./boot-shell.ts');

describe('boot shell', () => {
  it('matches route paths as the router does: parameters take one segment, case and a trailing slash do not count', () => {
    expect(routeMatches('/testPapers/:list/:id/assemble', '/testPapers/testPaper/new/assemble')).toBe(true);
    expect(routeMatches('/testPapers/testPaper', '/testpapers/TestPaper/')).toBe(true);
    expect(routeMatches('/testPapers/:list/:id/assemble', '/testPapers/testPaper/assemble')).toBe(false);
    expect(routeMatches('/testPapers/testPaper', '/testPapers/testPaperUs')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
  });

  it("starts loading the screen of the path opened, and nothing for a path that is no screen's", () => {
    prefetchScreen('/prefetchTest/list/new/assemble');
    expect(loadAssemble).toHaveBeenCalledTimes(1);
    expect(loadList).not.toHaveBeenCalled();
    prefetchScreen('/nowhere');
    expect(loadList).not.toHaveBeenCalled();
    expect(loadAssemble).toHaveBeenCalledTimes(1);
  });

  it("starts a resource list's first read for the URL's list state once boot finds the user signed in and allowed", async () => {
    setAbpState({ config: { auth: { grantedPermissions: {} } } as unknown as AbpUserConfigurationDto });
    const search = `?page=2&filter=${encodeURIComponent(JSON.stringify({ Keyword: 'x' }))}`;
    prefetchScreen('/prefetchTest/resource', { search, signedIn: Promise.resolve(false) });
    prefetchScreen('/prefetchTest/denied', { search, signedIn: Promise.resolve(true) });
    prefetchScreen('/prefetchTest/resource', { search: '?tab=mine', signedIn: Promise.resolve(true) });
    prefetchScreen('/prefetchTest/resource', { search, signedIn: Promise.resolve(true) });
    // The first read's module loads on first use (a cold import in the test: up to seconds on a loaded machine).
    await vi.waitFor(() => expect(getAll).toHaveBeenCalled(), { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 20));
    // Only the signed-in, allowed visit without a variant tab; the query as the list builds it.
    expect(getAll).toHaveBeenCalledTimes(1);
    expect(getAll).toHaveBeenCalledWith({ Kind: 2, SkipCount: 10, MaxResultCount: 10, Sorting: 'id desc', Keyword: 'x' });
  });
});
