import type { UserDto } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldValues } from 'react-hook-form';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { userResource } from '../../shared/users/user.resource.tsx';

const user = (id: number, userName: string, surname: string, name: string, extra: Partial<UserDto> = {}): UserDto => ({
  id,
  userName,
  name,
  surname,
  emailAddress: `${userName}@example.edu.cn`,
  phoneNumber: null,
  isActive: true,
  fullName: `${surname}${name}`,
  lastLoginTime: null,
  creationTime: '2026-01-01T00:00:00Z',
  roleNames: [],
  identity: 1,
  parentId: null,
  parentName: null,
  tenantId: 1,
  ...extra,
});

const edited = user(7, 'wangfang', '王', '芳', { parentId: 3, parentName: '赵磊' });
const teacher = user(3, 'zhaolei', '赵', '磊', { identity: 2 });
const other = user(9, 'huyuhang', '胡', '宇航');

const answer = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status === 200
        ? { result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true }
        : {
            result: null,
            targetUrl: null,
            success: false,
            error: { code: 0, message: '未授权', details: null },
            unAuthorizedRequest: false,
            __abp: true,
          },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

const ParentField = userResource.form!.fields.find((f) => f.name === 'parentId')!.component!;

function Form() {
  const { control } = useForm<FieldValues>({ defaultValues: { parentId: edited.parentId } });
  return <ParentField control={control} name="parentId" label="上级用户" required={false} disabled={false} mode="update" row={edited} />;
}

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <Form />
      </UiProvider>
    </SWRConfig>,
  );

describe('the user form’s parent field', () => {
  let getAnswer: () => Response;
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/User/Get?')) return getAnswer();
    if (url.includes('/User/GetAll?')) return answer({ totalCount: 3, items: [edited, teacher, other] });
    return answer(null, 404);
  });
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const input = () => screen.getByTestId('parent-picker').querySelector('input')!;

  it('names the current parent as the pickers do, and never offers the user being edited', async () => {
    getAnswer = () => answer(teacher);
    show();
    await waitFor(() => expect(input().value).toBe('赵磊（zhaolei）'));
    await userEvent.clear(input());
    await userEvent.type(input(), '胡');
    expect(await screen.findByRole('option', { name: /胡宇航（huyuhang）/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /wangfang/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/User/GetAllUsers'))).toBe(false);
  });

  it('names it from the row when the caller may not read the parent (a member manager and a teacher parent: 403)', async () => {
    getAnswer = () => answer(null, 403);
    show();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/User/Get?'))).toBe(true));
    await waitFor(() => expect(input().value).toBe('赵磊'));
  });
});
