import { describe, expect, it } from 'vitest';
import { wheelToScroll } from './tabs-bar.tsx';

describe('tab strip wheel scrolling', () => {
  it('turns vertical wheel movement into horizontal scrolling', () => {
    const el = { scrollLeft: 10 };
    wheelToScroll(el, { deltaX: 0, deltaY: 100 });
    expect(el.scrollLeft).toBe(110);
    wheelToScroll(el, { deltaX: -30, deltaY: 5 });
    expect(el.scrollLeft).toBe(80);
  });
});
