import { describe, expect, it } from 'vitest';
import { coveredCount, grantState, toggleGrant, type GrantNode } from './category-grants.ts';

// 小学(1) > 数学(11) > [一年级(111), 二年级(112)]; 小学(1) > 语文(12); 初中(2)
const n = (id: number, children: GrantNode[] = []): GrantNode => ({ id, children });
const tree = [n(1, [n(11, [n(111), n(112)]), n(12)]), n(2)];
const set = (...ids: number[]) => new Set(ids);
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('category grants', () => {
  it('shows a grant as covering its subtree, and partial subtrees as indeterminate', () => {
    const g = set(11);
    expect(grantState(tree[0]!, g)).toBe('indeterminate');
    expect(grantState(tree[0]!.children[0]!, g)).toBe(true);
    expect(grantState(tree[0]!.children[0]!.children[0]!, g, true)).toBe(true);
    expect(grantState(tree[1]!, g)).toBe(false);
  });
  it('checking grants the node and drops redundant grants below it', () => {
    expect(sorted(toggleGrant(tree, set(111, 12), 1))).toEqual([1]);
    expect(sorted(toggleGrant(tree, set(), 112))).toEqual([112]);
  });
  it('unchecking a node covered by an ancestor keeps its siblings covered', () => {
    expect(sorted(toggleGrant(tree, set(1), 111))).toEqual([12, 112]);
    expect(sorted(toggleGrant(tree, set(1, 2), 11))).toEqual([2, 12]);
  });
  it('unchecking a granted node revokes it and its subtree', () => {
    expect(sorted(toggleGrant(tree, set(11, 2), 11))).toEqual([2]);
  });
  it('counts the categories a set covers', () => {
    expect(coveredCount(tree, set(11))).toBe(3);
    expect(coveredCount(tree, set(1, 2))).toBe(6);
    expect(coveredCount(tree, set())).toBe(0);
  });
});
