import { describe, expect, it } from 'vitest';
import { knowledgePointOptions } from './question-api.ts';

const tree = [
  { value: 1, label: '初中', disabled: true, children: [{ value: 11, label: '数学' }] },
  { value: 2, label: '高中', children: [{ value: 21, label: '数学' }] },
];
const row = (id: number, categoryId: number, name: string, parentId: number | null = null, sort = 0) => ({
  id,
  categoryId,
  categoryName: '数学',
  parentId,
  name,
  sort,
});

describe('knowledge-point options', () => {
  it('name each point by its whole path, so two alike names of two stages differ', () => {
    const options = knowledgePointOptions(tree, [
      row(5, 21, '第一章 集合', null, 1),
      row(6, 21, '1.1 集合的概念', 5, 1),
      row(2, 11, '第二章 整式', null, 2),
      row(1, 11, '第一章 有理数', null, 1),
      row(3, 11, '1.2 数轴', 1, 2),
      row(4, 11, '1.1 正数和负数', 1, 1),
      // A category the user may not manage (not in the tree) is left out.
      row(9, 99, '第一章 外部'),
    ]);
    expect(options.map((o) => [o.value, o.label])).toEqual([
      [1, '初中 / 数学 / 第一章 有理数'],
      [4, '初中 / 数学 / 第一章 有理数 / 1.1 正数和负数'],
      [3, '初中 / 数学 / 第一章 有理数 / 1.2 数轴'],
      [2, '初中 / 数学 / 第二章 整式'],
      [5, '高中 / 数学 / 第一章 集合'],
      [6, '高中 / 数学 / 第一章 集合 / 1.1 集合的概念'],
    ]);
  });
});
