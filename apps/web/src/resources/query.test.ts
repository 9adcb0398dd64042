import { describe, expect, it } from 'vitest';
import { buildListQuery, initialListState, parseFilterValue } from './query.ts';

describe('buildListQuery', () => {
  it('starts at page 1 with 10 per page', () => {
    expect(buildListQuery(initialListState())).toEqual({ SkipCount: 0, MaxResultCount: 10 });
  });
  it('turns the page into SkipCount', () => {
    expect(buildListQuery({ page: 3, pageSize: 20, filters: {} })).toEqual({ SkipCount: 40, MaxResultCount: 20 });
  });
  it('sends Sorting only when set', () => {
    expect(buildListQuery({ page: 1, pageSize: 10, sorting: 'userName desc', filters: {} })).toMatchObject({
      Sorting: 'userName desc',
    });
    expect(buildListQuery({ page: 1, pageSize: 10, sorting: undefined, filters: {} })).not.toHaveProperty('Sorting');
  });
  it('keeps filters with a value, trims strings, drops blanks', () => {
    expect(
      buildListQuery({
        page: 1,
        pageSize: 10,
        filters: { Keyword: '  张 ', IsActive: false, Identity: 2, Empty: '   ', Missing: undefined, Null: null },
      }),
    ).toEqual({ SkipCount: 0, MaxResultCount: 10, Keyword: '张', IsActive: false, Identity: 2 });
  });
  it('adds the fixed query of a resource or variant, paging winning', () => {
    expect(buildListQuery(initialListState(), { Scope: 'university', SkipCount: 99 })).toEqual({
      Scope: 'university',
      SkipCount: 0,
      MaxResultCount: 10,
    });
  });
});

describe('parseFilterValue', () => {
  it('reads select values back to their types', () => {
    expect(parseFilterValue('', 'boolean')).toBeUndefined();
    expect(parseFilterValue('true', 'boolean')).toBe(true);
    expect(parseFilterValue('false', 'boolean')).toBe(false);
    expect(parseFilterValue('3', 'number')).toBe(3);
    expect(parseFilterValue('x', 'string')).toBe('x');
  });
});
