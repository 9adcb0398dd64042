import { describe, expect, it } from 'vitest';
import { buildPermissionTree, declarePermissions, permission, PermissionGroups, withPermissions } from './permission.ts';

describe('declarePermissions', () => {
  const set = declarePermissions({
    Articles: { Note: permission('寄语', 'Notes'), AuditNote: permission('寄语审核', 'Note review', { reviews: true }) },
    Administration: { 'Users.Notes': permission('笔记', 'Notes', { inferred: true }) },
  });

  it('answers constants named as the tree names them', () => {
    expect({ ...set }).toEqual({
      ArticlesNote: 'Pages.Articles.Note',
      ArticlesAuditNote: 'Pages.Articles.AuditNote',
      UsersNotes: 'Pages.Administration.Users.Notes',
    });
  });

  it('is carried by a service and builds a tree of its groups, ordered, without empty groups', () => {
    const service = withPermissions({ name: 'Note' }, set);
    expect(service.permissions).toBe(set);
    const ordered = declarePermissions({ Articles: { First: permission('一', 'One', { order: 1 }) } });
    const [root] = buildPermissionTree([set, ordered]);
    expect(root?.name).toBe(PermissionGroups.Pages.name);
    expect(root?.children?.map((g) => [g.name, g.children?.map((n) => n.name)])).toEqual([
      ['Pages.Administration', ['Pages.Administration.Users.Notes']],
      ['Pages.Articles', ['Pages.Articles.First', 'Pages.Articles.Note', 'Pages.Articles.AuditNote']],
    ]);
    expect(root?.children?.[1]?.children?.[2]).toEqual({
      name: 'Pages.Articles.AuditNote',
      displayName: { 'zh-Hans': '寄语审核', en: 'Note review' },
      reviews: true,
    });
  });

  it('refuses a permission declared twice', () => {
    expect(() => buildPermissionTree([set, set])).toThrow('Pages.Articles.Note is declared twice');
  });
});
