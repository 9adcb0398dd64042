import { afterEach, describe, expect, it } from 'vitest';
import { notify, TOAST_MAX_VISIBLE, toastContentId, toaster } from './toaster.tsx';

afterEach(() => toaster.remove());

describe('toaster', () => {
  it('shows the same message raised three times as one toast', () => {
    notify.success('已保存');
    notify.success('已保存');
    notify.success('已保存');
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    // Another kind or text is another toast.
    notify.error('已保存');
    expect(toaster.getVisibleToasts()).toHaveLength(2);
  });

  it(`shows at most ${TOAST_MAX_VISIBLE} toasts at once and queues the rest`, () => {
    for (const title of ['一', '二', '三', '四']) notify.info(title);
    expect(TOAST_MAX_VISIBLE).toBeLessThanOrEqual(2);
    expect(toaster.getVisibleToasts()).toHaveLength(TOAST_MAX_VISIBLE);
    // The queue moves up as one goes.
    const first = toaster.getVisibleToasts()[0]!.id!;
    toaster.remove(first);
    expect(toaster.getVisibleToasts()).toHaveLength(TOAST_MAX_VISIBLE);
    expect(toaster.getVisibleToasts().map((t) => t.id)).not.toContain(first);
  });

  it('keeps an explicit id and never merges toasts whose texts are elements', () => {
    expect(toaster.create({ id: 'job-1', title: 'x' })).toBe('job-1');
    expect(toastContentId({ type: 'info', title: { element: true } })).toBeUndefined();
    expect(toastContentId({ type: 'info' })).toBeUndefined();
    expect(toastContentId({ type: 'info', title: 'a b' })).toMatch(/^same-[0-9a-f]{8}$/);
  });
});
