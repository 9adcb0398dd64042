import { AbpError } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../lib/i18n.ts';
import { SchemaFormDialog } from './schema-form-dialog.tsx';
import type { FieldSpec } from './types.ts';

i18n.addResourceBundle(
  'zh-CN',
  'translation',
  {
    resources: {
      course: { fields: { title: '课程名', lessons: '课时' }, lessons: { item: '第 {{n}} 课时', fields: { title: '课时标题', minutes: '时长' } } },
    },
  },
  true,
  true,
);

const Lesson = z.object({ id: z.number().optional(), title: z.string().trim().min(1), minutes: z.number().int().min(1) });
const Course = z.object({ title: z.string().min(1), lessons: z.array(Lesson).max(3).default([]) });
const fields: FieldSpec[] = [
  { name: 'title', type: 'text' },
  {
    name: 'lessons',
    type: 'list',
    maxItems: 3,
    item: {
      fields: [
        { name: 'title', type: 'text' },
        { name: 'minutes', type: 'number' },
      ],
      defaults: { minutes: 45 },
    },
  },
];

function setup(defaultValues: Record<string, unknown>, onSubmit = vi.fn(async () => undefined)) {
  render(
    <UiProvider toaster={false}>
      <SchemaFormDialog
        open
        onClose={() => undefined}
        title="课程"
        schema={Course}
        fields={fields}
        resourceName="course"
        ctx={{ mode: 'update' }}
        defaultValues={defaultValues}
        onSubmit={onSubmit}
      />
    </UiProvider>,
  );
  return onSubmit;
}

describe('list field (ordered sub-forms)', () => {
  it('adds and removes items, keeps existing ids, and submits the list in order', async () => {
    const submit = setup({ title: '数学', lessons: [{ id: 7, title: '导论', minutes: 30 }] });
    const list = await screen.findByTestId('list-lessons');
    expect(within(list).getByText('第 1 课时')).toBeInTheDocument();
    fireEvent.click(within(list).getByTestId('list-add-lessons'));
    fireEvent.click(within(list).getByTestId('list-add-lessons'));
    expect(within(list).getAllByTestId('list-item-lessons')).toHaveLength(3);
    // At the maximum the add button disables.
    expect(within(list).getByTestId('list-add-lessons')).toBeDisabled();
    fireEvent.click(within(list).getAllByTestId('list-remove-lessons')[2]!);
    const titles = within(list).getAllByRole('textbox', { name: /课时标题/ });
    expect(titles).toHaveLength(2);
    fireEvent.change(titles[1]!, { target: { value: '函数' } });
    // Handles are named for keyboard users.
    expect(within(list).getAllByRole('button', { name: /拖动排序：第 2 课时/ })).toHaveLength(1);
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit).toHaveBeenCalledWith({
      title: '数学',
      lessons: [
        { id: 7, title: '导论', minutes: 30 },
        { title: '函数', minutes: 45 },
      ],
    });
  });

  it('shows each item error on its own field, from the schema and from the server', async () => {
    const submit = vi.fn(async () => {
      throw new AbpError({
        kind: 'validation',
        status: 400,
        message: 'invalid',
        validationErrors: [{ message: '服务器：标题重复', members: ['lessons[0].title'] }],
      });
    });
    setup(
      {
        title: '数学',
        lessons: [
          { title: '导论', minutes: 30 },
          { title: ' ', minutes: 40 },
        ],
      },
      submit,
    );
    const list = await screen.findByTestId('list-lessons');
    fireEvent.click(screen.getByTestId('form-submit'));
    const items = within(list).getAllByTestId('list-item-lessons');
    expect(await within(items[1]!).findByText('此项为必填项')).toBeInTheDocument();
    expect(within(items[0]!).queryByText('此项为必填项')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.change(within(items[1]!).getByRole('textbox', { name: /课时标题/ }), { target: { value: '函数' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await within(items[0]!).findByText('服务器：标题重复')).toBeInTheDocument();
  });
});
