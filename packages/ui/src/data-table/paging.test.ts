import { describe, expect, it } from 'vitest';
import { clampPage, DEFAULT_PAGE_SIZE, FIRST_PAGE, pageCount, pageItems, pageOfSkip, skipCount } from './paging.ts';
import { nextSorting, parseAbpSorting, toAbpSorting } from './sorting.ts';

describe('paging math', () => {
  it('starts at page 1 with 10 per page', () => {
    expect(FIRST_PAGE).toBe(1);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(31, 10)).toBe(4);
  });
  it('converts pages to ABP SkipCount and back', () => {
    expect(skipCount(1, 10)).toBe(0);
    expect(skipCount(3, 20)).toBe(40);
    expect(skipCount(0, 10)).toBe(0);
    expect(pageOfSkip(40, 20)).toBe(3);
    expect(pageOfSkip(0, 10)).toBe(1);
  });
  it('clamps a page into range', () => {
    expect(clampPage(4, 30, 10)).toBe(3);
    expect(clampPage(0, 30, 10)).toBe(1);
    expect(clampPage(2, 0, 10)).toBe(1);
  });
  it('lists pager buttons with ellipses', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(6, 20)).toEqual([1, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(3, 0)).toEqual([1]);
  });
  it('keeps the number of pager buttons constant', () => {
    for (let p = 1; p <= 30; p++) expect(pageItems(p, 30)).toHaveLength(7);
  });
});

describe('ABP sorting string', () => {
  it('builds field and direction', () => {
    expect(toAbpSorting([{ id: 'userName', desc: true }])).toBe('userName desc');
    expect(toAbpSorting([{ id: 'creationTime', desc: false }])).toBe('creationTime asc');
    expect(
      toAbpSorting([
        { id: 'isActive', desc: true },
        { id: 'id', desc: false },
      ]),
    ).toBe('isActive desc, id asc');
  });
  it('gives undefined when unsorted', () => {
    expect(toAbpSorting([])).toBeUndefined();
    expect(toAbpSorting(undefined)).toBeUndefined();
  });
  it('drops anything that is not a field name', () => {
    expect(toAbpSorting([{ id: 'name; drop table', desc: false }])).toBeUndefined();
  });
  it('parses a sorting string', () => {
    expect(parseAbpSorting('userName desc, id')).toEqual([
      { id: 'userName', desc: true },
      { id: 'id', desc: false },
    ]);
    expect(parseAbpSorting(undefined)).toEqual([]);
  });
  it('cycles none, asc, desc on header clicks', () => {
    expect(nextSorting(undefined, 'userName')).toBe('userName asc');
    expect(nextSorting('userName asc', 'userName')).toBe('userName desc');
    expect(nextSorting('userName desc', 'userName')).toBeUndefined();
    expect(nextSorting('userName desc', 'name')).toBe('name asc');
  });
});
