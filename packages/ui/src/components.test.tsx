import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import { ConfirmDialog } from './dialogs.tsx';
import { DataTable } from './data-table/data-table.tsx';
import { MultiSelectField, SelectField, TextField } from './form/fields.tsx';
import { PermissionTree } from './permission-tree.tsx';
import { UiProvider } from './provider.tsx';

interface Row {
  id: number;
  userName: string;
}
const columns: ColumnDef<Row, any>[] = [
  { accessorKey: 'userName', header: 'User name', enableSorting: true },
  { id: 'id', accessorKey: 'id', header: 'Id' },
];
const wrap = (ui: React.ReactNode) => render(<UiProvider toaster={false}>{ui}</UiProvider>);

describe('DataTable', () => {
  it('renders rows, total and emits ABP sorting and pages', () => {
    const onSort = vi.fn();
    const onPage = vi.fn();
    wrap(
      <DataTable<Row>
        columns={columns}
        data={[
          { id: 1, userName: 'admin' },
          { id: 2, userName: 'teacher' },
        ]}
        total={25}
        page={1}
        pageSize={10}
        onPageChange={onPage}
        sorting="userName asc"
        onSortingChange={onSort}
      />,
    );
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByTestId('table-total')).toHaveTextContent('25 in total');
    fireEvent.click(screen.getByRole('button', { name: /User name/ }));
    expect(onSort).toHaveBeenCalledWith('userName desc');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenCalledWith(3);
    // Only columns that opt in are sortable.
    expect(screen.queryByRole('button', { name: /^Id/ })).toBeNull();
  });

  it('shows the empty state', () => {
    wrap(<DataTable<Row> columns={columns} data={[]} total={0} page={1} pageSize={10} onPageChange={() => {}} />);
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('selects rows for batch actions', async () => {
    function Harness() {
      const [sel, setSel] = useState<Record<string, boolean>>({});
      return (
        <>
          <DataTable<Row>
            columns={columns}
            data={[
              { id: 7, userName: 'a' },
              { id: 8, userName: 'b' },
            ]}
            total={2}
            page={1}
            pageSize={10}
            onPageChange={() => {}}
            selectable
            rowSelection={sel}
            onRowSelectionChange={setSel}
          />
          <output data-testid="sel">
            {Object.keys(sel)
              .filter((k) => sel[k])
              .join(',')}
          </output>
        </>
      );
    }
    wrap(<Harness />);
    fireEvent.click(screen.getAllByRole('checkbox')[2]!);
    await waitFor(() => expect(screen.getByTestId('sel')).toHaveTextContent('8'));
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(screen.getByTestId('sel')).toHaveTextContent('7,8'));
  });
});

describe('form fields', () => {
  it('binds text and select fields to react-hook-form, keeping numbers numeric', async () => {
    let values: Record<string, unknown> = {};
    function Form() {
      const form = useForm<{ name: string; identity: number | null; roles: string[] }>({
        defaultValues: { name: 'x', identity: 1, roles: [] },
      });
      values = form.watch();
      return (
        <>
          <TextField control={form.control} name="name" label="Name" required />
          <SelectField
            control={form.control}
            name="identity"
            label="Identity"
            options={[
              { value: 1, label: 'Member' },
              { value: 2, label: 'Teacher' },
            ]}
          />
          <MultiSelectField control={form.control} name="roles" label="Roles" options={[{ value: 'ADMIN', label: 'Admin' }]} />
        </>
      );
    }
    wrap(<Form />);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: '张三' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Identity/ }), { target: { value: '2' } });
    await waitFor(() => expect(values).toMatchObject({ name: '张三', identity: 2 }));
  });
});

describe('PermissionTree', () => {
  it('checks a whole group with its box', async () => {
    const onChange = vi.fn();
    wrap(
      <PermissionTree
        nodes={[
          {
            name: 'Pages',
            displayName: 'Pages',
            children: [
              {
                name: 'Pages.Members',
                displayName: 'Members',
                children: [{ name: 'Pages.Members.Users', displayName: 'Users' }],
              },
            ],
          },
        ]}
        value={[]}
        onChange={onChange}
      />,
    );
    const group = screen.getByText('Members').closest('[data-permission]') as HTMLElement;
    fireEvent.click(within(group).getByRole('checkbox'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['Pages', 'Pages.Members', 'Pages.Members.Users']));
  });
});

describe('ConfirmDialog', () => {
  it('runs the action and closes', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    wrap(<ConfirmDialog open title="Delete?" onConfirm={onConfirm} onOpenChange={onOpenChange} destructive />);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onConfirm).toHaveBeenCalled();
  });
});
