import { describe, expect, it } from 'vitest';
import { checkState, orderedNames, toggleNode, type PermissionNodeLike } from './permission-tree-state.ts';

const tree: PermissionNodeLike[] = [
  {
    name: 'Pages',
    displayName: '页面',
    children: [
      {
        name: 'Pages.Administration',
        displayName: '系统设置',
        children: [
          { name: 'Pages.Administration.Manages', displayName: '管理员' },
          { name: 'Pages.Administration.Tenants', displayName: '租户' },
        ],
      },
      { name: 'Pages.Members', displayName: '会员', children: [{ name: 'Pages.Members.Users', displayName: '会员' }] },
    ],
  },
];
const admin = tree[0]!.children![0]!;
const manages = admin.children![0]!;

describe('permission tree state', () => {
  it('shows parents checked, indeterminate or unchecked', () => {
    expect(checkState(admin, new Set())).toBe(false);
    expect(checkState(admin, new Set(['Pages.Administration']))).toBe('indeterminate');
    expect(checkState(admin, new Set(['Pages.Administration.Manages']))).toBe('indeterminate');
    expect(checkState(admin, new Set(['Pages.Administration', 'Pages.Administration.Manages', 'Pages.Administration.Tenants']))).toBe(true);
    expect(checkState(manages, new Set(['Pages.Administration.Manages']))).toBe(true);
  });

  it('checking a group checks all of it and its ancestors (check all per group)', () => {
    const next = toggleNode(tree, new Set(), admin);
    expect(orderedNames(tree, next)).toEqual(['Pages', 'Pages.Administration', 'Pages.Administration.Manages', 'Pages.Administration.Tenants']);
  });

  it('checking a leaf grants its ancestors too', () => {
    expect(orderedNames(tree, toggleNode(tree, new Set(), manages))).toEqual(['Pages', 'Pages.Administration', 'Pages.Administration.Manages']);
  });

  it('unchecking a full group revokes the group and keeps the ancestors', () => {
    const all = toggleNode(tree, new Set(), admin);
    expect(orderedNames(tree, toggleNode(tree, all, admin))).toEqual(['Pages']);
  });

  it('clicking an indeterminate group checks it fully', () => {
    const partial = new Set(['Pages', 'Pages.Administration']);
    expect(checkState(admin, toggleNode(tree, partial, admin))).toBe(true);
  });

  it('unchecking a leaf keeps its parent granted', () => {
    const all = toggleNode(tree, new Set(), admin);
    const next = toggleNode(tree, all, manages);
    expect(next.has('Pages.Administration')).toBe(true);
    expect(next.has('Pages.Administration.Manages')).toBe(false);
    expect(checkState(admin, next)).toBe('indeterminate');
  });
});
