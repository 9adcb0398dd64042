import { describe, expect, it } from 'vitest';
import { splitRowActions } from './list-table.tsx';

const item = (key: string, inline: boolean) => ({ key, inline });
const keys = (xs: ReadonlyArray<{ key: string }>) => xs.map((x) => x.key);

describe('splitRowActions', () => {
  it('keeps 删除 beside 编辑 when the row has no 更多 menu', () => {
    const r = splitRowActions([item('edit', true), item('delete', true)], false);
    expect(keys(r.inline)).toEqual(['edit', 'delete']);
    expect(r.menu).toEqual([]);
  });

  it('folds 删除 into the 更多 menu, last, when the row has one anyway', () => {
    const r = splitRowActions([item('edit', true), item('delete', true), item('resetPassword', false), item('preview', true)], false);
    expect(keys(r.inline)).toEqual(['edit', 'preview']);
    expect(keys(r.menu)).toEqual(['resetPassword', 'delete']);
  });

  it('puts every action into the menu at phone width', () => {
    const r = splitRowActions([item('edit', true), item('delete', true)], true);
    expect(r.inline).toEqual([]);
    expect(keys(r.menu)).toEqual(['edit', 'delete']);
  });
});
