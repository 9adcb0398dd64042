import { describe, expect, it } from 'vitest';
import { allPermissionNames, Permissions } from './permissions.ts';

describe('Permissions', () => {
  it('has one constant per name of the tree, derived from it', () => {
    expect(Object.values(Permissions).sort()).toEqual([...allPermissionNames].sort());
    expect(Permissions.ArticlesArticle).toBe('Pages.Articles.Article');
    expect(Permissions.Manages).toBe('Pages.Administration.Manages');
    expect(Permissions.Administration).toBe('Pages.Administration');
    expect(Permissions.Pages).toBe('Pages');
  });
});
