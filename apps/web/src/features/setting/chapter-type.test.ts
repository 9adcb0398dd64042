import { pathLabel } from '@edu/ui';
import { describe, expect, it } from 'vitest';
import { chapterCategoryTree, withChapterCounts } from './chapter-type.resource.tsx';

const groups = { course: '课程分类', question: '题库分类（知识点）' };
const course = [{ value: 1, label: '初中', children: [{ value: 2, label: '数学' }] }];
const question = [{ value: 31, label: '初中', children: [{ value: 32, label: '化学' }] }];

describe('the chapter editor category tree', () => {
  it('holds the question categories too, so a knowledge point shows its category (not 请选择), by a path naming its group', () => {
    const tree = chapterCategoryTree(groups, withChapterCounts(course, new Map([[2, 4]])), question);
    expect(pathLabel(tree, 32)).toBe('题库分类（知识点） / 初中 / 化学');
    expect(pathLabel(tree, 2)).toBe('课程分类 / 初中 / 数学（4）');
    // The group headings open but are never picked.
    expect(tree.map((g) => g.disabled)).toEqual([true, true]);
  });

  it('leaves out a group with no categories', () => {
    expect(chapterCategoryTree(groups, course, []).map((g) => g.label)).toEqual(['课程分类']);
  });
});
