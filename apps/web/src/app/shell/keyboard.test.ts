import { describe, expect, it } from 'vitest';
import { stepFocus } from './keyboard.ts';

describe('stepFocus', () => {
  it('steps with the arrows of its orientation and wraps at the ends', () => {
    expect(stepFocus('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(stepFocus('ArrowDown', 2, 3, 'vertical')).toBe(0);
    expect(stepFocus('ArrowUp', 0, 3, 'vertical')).toBe(2);
    expect(stepFocus('ArrowRight', 1, 3, 'horizontal')).toBe(2);
    expect(stepFocus('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
  });

  it('ignores the other orientation and other keys; Home and End jump', () => {
    expect(stepFocus('ArrowRight', 0, 3, 'vertical')).toBeNull();
    expect(stepFocus('ArrowDown', 0, 3, 'horizontal')).toBeNull();
    expect(stepFocus('Enter', 0, 3, 'vertical')).toBeNull();
    expect(stepFocus('Home', 2, 3, 'horizontal')).toBe(0);
    expect(stepFocus('End', 0, 3, 'vertical')).toBe(2);
    expect(stepFocus('ArrowDown', 0, 0, 'vertical')).toBeNull();
  });
});
