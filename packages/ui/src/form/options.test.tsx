import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { UiProvider } from '../provider.tsx';
import { NumberField, TreeSelectField } from './fields.tsx';
import { flattenTree, pathOf, type TreeOption } from './options.ts';

const tree: TreeOption<number>[] = [
  {
    value: 1,
    label: '高中',
    children: [
      { value: 11, label: '数学', children: [{ value: 111, label: '函数' }] },
      { value: 12, label: '语文' },
    ],
  },
  { value: 2, label: '大学' },
];

describe('tree options', () => {
  it('flattens depth first with depth, path and leaf flags', () => {
    expect(flattenTree(tree).map((n) => [n.value, n.depth, n.path, n.isLeaf])).toEqual([
      [1, 0, [1], false],
      [11, 1, [1, 11], false],
      [111, 2, [1, 11, 111], true],
      [12, 1, [1, 12], true],
      [2, 0, [2], true],
    ]);
  });
  it('finds the path of a value (a cascader value)', () => {
    expect(pathOf(tree, 111)).toEqual([1, 11, 111]);
    expect(pathOf(tree, '12' as unknown as number)).toEqual([1, 12]);
    expect(pathOf(tree, 9)).toEqual([]);
  });
});

describe('TreeSelectField and NumberField', () => {
  it('stores a node value or a cascader path, and numbers', async () => {
    let values: Record<string, unknown> = {};
    function Form() {
      const form = useForm<{ node: number | null; path: number[]; count: number | null }>({
        defaultValues: { node: null, path: [], count: 3 },
      });
      values = form.watch();
      return (
        <>
          <TreeSelectField control={form.control} name="node" label="Node" options={tree} leafOnly />
          <TreeSelectField control={form.control} name="path" label="Path" options={tree} valueMode="path" />
          <NumberField control={form.control} name="count" label="Count" min={0} />
        </>
      );
    }
    render(
      <UiProvider toaster={false}>
        <Form />
      </UiProvider>,
    );
    const node = screen.getByRole('combobox', { name: /Node/ });
    // Only leaves can be picked when leafOnly.
    expect(screen.getAllByRole('option', { name: /高中/ })[0]).toBeDisabled();
    fireEvent.change(node, { target: { value: '111' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Path/ }), { target: { value: '12' } });
    await waitFor(() => expect(values).toMatchObject({ node: 111, path: [1, 12] }));
    expect(screen.getByRole('spinbutton', { name: /Count/ })).toHaveValue('3');
  });
});
