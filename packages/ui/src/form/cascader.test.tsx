import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { UiProvider } from '../provider.tsx';
import { CascaderField } from './cascader.tsx';
import { nodePathOf, pathLabel, searchTree, type TreeOption } from './options.ts';

const tree: TreeOption<number>[] = [
  {
    value: 1,
    label: '高中',
    disabled: true,
    children: [
      { value: 11, label: '数学', children: [{ value: 111, label: '函数' }] },
      { value: 12, label: '语文' },
    ],
  },
  { value: 2, label: '大学' },
];

describe('tree paths and search', () => {
  it('gives the nodes and the label path of a value', () => {
    expect(nodePathOf(tree, 111).map((n) => n.value)).toEqual([1, 11, 111]);
    expect(pathLabel(tree, 111)).toBe('高中 / 数学 / 函数');
    expect(pathLabel(tree, '12' as unknown as number)).toBe('高中 / 语文');
    expect(pathLabel(tree, null)).toBe('');
    expect(pathLabel(tree, 9)).toBe('');
  });
  it('matches every word against the whole path', () => {
    expect(searchTree(tree, '高中 数学').map((h) => h.pathLabel)).toEqual(['高中 / 数学', '高中 / 数学 / 函数']);
    expect(searchTree(tree, '函数')[0]).toMatchObject({ value: 111, isLeaf: true, path: [1, 11, 111] });
    expect(searchTree(tree, '  ')).toEqual([]);
    expect(searchTree(tree, '高', 1)).toHaveLength(1);
  });
});

describe('CascaderField', () => {
  function setup(changeOnSelect: boolean) {
    const seen: { value?: unknown } = {};
    function Form() {
      const form = useForm<{ categoryId: number | null }>({ defaultValues: { categoryId: 12 } });
      seen.value = form.watch('categoryId');
      return <CascaderField control={form.control} name="categoryId" label="分类" options={tree} changeOnSelect={changeOnSelect} />;
    }
    render(
      <UiProvider toaster={false}>
        <Form />
      </UiProvider>,
    );
    return seen;
  }

  it('shows the path of the value and picks a leaf column by column', async () => {
    const seen = setup(false);
    const trigger = screen.getByTestId('cascader-categoryId');
    expect(trigger).toHaveTextContent('高中 / 语文');
    fireEvent.click(trigger);
    // Opened at the current value: the second column holds 高中's children.
    const math = await screen.findByText('数学');
    fireEvent.click(math);
    // A branch only opens when changeOnSelect is off.
    expect(seen.value).toBe(12);
    fireEvent.click(await screen.findByText('函数'));
    await waitFor(() => expect(seen.value).toBe(111));
    expect(trigger).toHaveTextContent('高中 / 数学 / 函数');
  });

  it('picks a branch with changeOnSelect, never a disabled node, and clears', async () => {
    const seen = setup(true);
    fireEvent.click(screen.getByTestId('cascader-categoryId'));
    fireEvent.click((await screen.findAllByText('高中'))[0]!);
    // 高中 is disabled: it opens but is not picked.
    expect(seen.value).toBe(12);
    fireEvent.click(await screen.findByText('数学'));
    await waitFor(() => expect(seen.value).toBe(11));
    fireEvent.click(screen.getByTestId('cascader-categoryId-clear'));
    await waitFor(() => expect(seen.value).toBeNull());
  });
});
