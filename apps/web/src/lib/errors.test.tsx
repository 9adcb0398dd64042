import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, render, screen, fireEvent } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { AbpError } from '@edu/sdk';
import '../lib/i18n.ts';
import i18n from './i18n.ts';
import { ChunkLoadError, ErrorModalHost, applyServerErrors, clearErrors, clearSessionAndReload, describeError, showError } from './errors.tsx';

const err = (init: Partial<ConstructorParameters<typeof AbpError>[0]> & { kind: AbpError['kind'] }) =>
  new AbpError({ status: 500, message: 'Login failed!', ...init });

describe('error mapping (spec section 8)', () => {
  it('message and details: message as title, details as content', () => {
    expect(describeError(err({ kind: 'userFriendly', details: 'Invalid user name or password' }))).toEqual({
      title: 'Login failed!',
      content: 'Invalid user name or password',
      reloadOnOk: false,
    });
  });

  it('only a message: titled 验证失败 with the message', () => {
    expect(describeError(err({ kind: 'userFriendly', message: 'Tenant is not active' }))).toEqual({
      titleKey: 'errors.validationTitle',
      content: 'Tenant is not active',
      reloadOnOk: false,
    });
    expect(i18n.t('errors.validationTitle', { lng: 'zh-CN' })).toBe('验证失败');
  });

  it('HTTP 401: OK reloads after clearing the session keys', () => {
    expect(describeError(err({ kind: 'unauthorized', status: 401, message: 'Current user did not login to the application!' }))).toMatchObject({
      titleKey: 'errors.validationTitle',
      reloadOnOk: true,
    });
  });

  it('no response at all: 未知错误', () => {
    expect(describeError(err({ kind: 'network', status: 0 }))).toMatchObject({ titleKey: 'errors.unknownTitle', contentKey: 'errors.noResponse' });
    expect(i18n.t('errors.unknownTitle', { lng: 'zh-CN' })).toBe('未知错误');
  });

  it('no answer within the configured time: a timeout naming the seconds', () => {
    const model = describeError(err({ kind: 'timeout', status: 0 }));
    expect(model).toMatchObject({ titleKey: 'errors.timeoutTitle', contentKey: 'errors.timeout', contentValues: { seconds: 30 } });
    expect(i18n.t(model.contentKey!, { lng: 'zh-CN', ...model.contentValues })).toBe('服务器在 30 秒内没有响应，请稍后重试。');
  });

  it('validation without details lists the field messages', () => {
    const e = err({
      kind: 'validation',
      status: 400,
      message: 'Your request is not valid!',
      validationErrors: [{ message: 'The UserName field is required.', members: ['userName'] }],
    });
    expect(describeError(e)).toEqual({
      titleKey: 'errors.validationTitle',
      content: 'Your request is not valid!\nThe UserName field is required.',
      reloadOnOk: false,
    });
  });

  it('chunk errors and anything else', () => {
    expect(describeError(new ChunkLoadError('timeout'))).toMatchObject({ titleKey: 'errors.chunkTitle' });
    expect(describeError(new Error('boom'))).toMatchObject({ titleKey: 'errors.unknownTitle', content: 'boom' });
    expect(describeError(undefined)).toMatchObject({ titleKey: 'errors.unknownTitle', contentKey: 'errors.noResponse' });
  });

  it('the 401 OK clears userId, rememberMe and isGeneral, then reloads', () => {
    sessionStorage.setItem('userId', '2');
    sessionStorage.setItem('rememberMe', 'true');
    sessionStorage.setItem('isGeneral', 'false');
    sessionStorage.setItem('other', 'kept');
    const reload = vi.fn();
    clearSessionAndReload(reload);
    expect(sessionStorage.getItem('userId')).toBeNull();
    expect(sessionStorage.getItem('rememberMe')).toBeNull();
    expect(sessionStorage.getItem('isGeneral')).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('kept');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('error modal', () => {
  beforeEach(() => {
    act(() => clearErrors());
    void i18n.changeLanguage('zh-CN');
  });

  const host = () =>
    render(
      <ChakraProvider value={defaultSystem}>
        <ErrorModalHost />
      </ChakraProvider>,
    );

  it('shows the message as title and details as content, once per error', async () => {
    host();
    const e = err({ kind: 'userFriendly', details: 'Invalid user name or password' });
    act(() => {
      showError(e);
      showError(e);
    });
    expect(await screen.findByText('Login failed!')).toBeInTheDocument();
    expect(screen.getByText('Invalid user name or password')).toBeInTheDocument();
    expect(screen.getAllByTestId('error-modal')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('error-modal-ok'));
    await vi.waitFor(() => expect(screen.queryByText('Login failed!')).not.toBeInTheDocument());
  });

  it('titles a message-only error 验证失败', async () => {
    host();
    act(() => showError(err({ kind: 'userFriendly', message: '租户未激活' })));
    expect(await screen.findByText('验证失败')).toBeInTheDocument();
    expect(screen.getByText('租户未激活')).toBeInTheDocument();
  });
});

describe('form server errors', () => {
  it('marks the named fields and opens the modal', () => {
    const setError = vi.fn();
    const e = err({
      kind: 'validation',
      status: 400,
      message: 'Your request is not valid!',
      details: 'The following errors were detected during validation.\n - userName is taken',
      validationErrors: [
        { message: 'userName is taken', members: ['userName'] },
        { message: 'bad email', members: ['input.emailAddress'] },
      ],
    });
    expect(applyServerErrors({ setError }, e)).toBe(true);
    expect(setError).toHaveBeenCalledWith('userName', { type: 'server', message: 'userName is taken' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('emailAddress', { type: 'server', message: 'bad email' }, { shouldFocus: false });
    expect(applyServerErrors({ setError: vi.fn() }, err({ kind: 'userFriendly' }))).toBe(false);
  });

  it('marks nested fields by their full path (a lesson of a course)', () => {
    const setError = vi.fn();
    const e = err({
      kind: 'validation',
      status: 400,
      validationErrors: [
        { message: 'title required', members: ['lessons[2].title'] },
        { message: 'too long', members: ['Lessons[0].VideoUrl'] },
      ],
    });
    expect(applyServerErrors({ setError }, e)).toBe(true);
    expect(setError).toHaveBeenCalledWith('lessons.2.title', { type: 'server', message: 'title required' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('lessons.0.videoUrl', { type: 'server', message: 'too long' }, { shouldFocus: false });
  });

  it('works with a real react-hook-form form', async () => {
    function F() {
      const form = useForm<{ userName: string }>({ defaultValues: { userName: '' } });
      return (
        <form>
          <input {...form.register('userName')} />
          <span data-testid="msg">{form.formState.errors.userName?.message}</span>
          <button
            type="button"
            onClick={() =>
              applyServerErrors(form, err({ kind: 'validation', status: 400, validationErrors: [{ message: 'taken', members: ['userName'] }] }))
            }
          >
            go
          </button>
        </form>
      );
    }
    render(
      <ChakraProvider value={defaultSystem}>
        <F />
      </ChakraProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    await vi.waitFor(() => expect(screen.getByTestId('msg')).toHaveTextContent('taken'));
  });
});
