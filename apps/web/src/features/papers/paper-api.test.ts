import { describe, expect, it } from 'vitest';
import { appGroups } from '../../navigation.ts';
import { assemblePath, PAPER_LISTS, paperIdParam, paperListOf, paperListPath, type PaperListName } from './paper-api.ts';

const routes = appGroups.flatMap((g) => g.children);

describe('paper lists and the assembly page', () => {
  it('names lists of the route table, at their paths, with the assembly page under each group', () => {
    for (const name of Object.keys(PAPER_LISTS) as PaperListName[]) expect(routes.find((r) => r.name === name)?.path, name).toBe(paperListPath(name));
    const assemble = routes.filter((r) => r.path.endsWith('/:list/:id/assemble')).map((r) => r.path);
    expect(assemble.sort()).toEqual(['/testPapers/:list/:id/assemble', '/workPapers/:list/:id/assemble']);
    expect(routes.filter((r) => r.path.endsWith('/assemble')).every((r) => r.hideInMenu && r.page)).toBe(true);
  });

  it('finds the list of a paper and the address of its page', () => {
    expect(assemblePath(paperListOf({ kind: 1, isUniversity: true }, 1), 12)).toBe('/testPapers/testPaperUs/12/assemble');
    expect(assemblePath(paperListOf({ kind: 2, isUniversity: false }, 2), 'new')).toBe('/workPapers/randomWork/new/assemble');
  });

  it('reads the id of the address: new, a positive integer, nothing else', () => {
    expect(paperIdParam('new')).toBe('new');
    expect(paperIdParam('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', '01', 'abc', '', undefined]) expect(paperIdParam(bad), String(bad)).toBeNull();
  });
});
