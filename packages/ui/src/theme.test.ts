import { describe, expect, it } from 'vitest';
import { system } from './system.ts';

describe('the console system', () => {
  it('is Chakra’s defaults plus the brand palette and fonts', () => {
    expect(system.token('colors.brand.500')).toBe('#2d8cf0');
    expect(system.token('fonts.body')).toContain('"PingFang SC"');
    expect(system.isRecipe('button')).toBe(true);
    expect(system.isSlotRecipe('dialog')).toBe(true);
  });
});
