import { describe, expect, it, vi } from 'vitest';
import type * as Navigation from '../navigation.ts';

const { loadList, loadAssemble } = vi.hoisted(() => ({
  loadList: vi.fn(() => Promise.resolve({ default: () => null })),
  loadAssemble: vi.fn(() => Promise.resolve({ default: () => null })),
}));

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
});
