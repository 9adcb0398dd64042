import { describe, expect, it } from 'vitest';
import { isNarrow, showHeaderButtons, validateSidebarTheme } from './theme.ts';
import { setSidebarTheme, shellStore } from './shell-store.ts';

describe('sidebar theme', () => {
  it('accepts dark and light only, falling back to dark', () => {
    expect(validateSidebarTheme('dark')).toBe('dark');
    expect(validateSidebarTheme('light')).toBe('light');
    for (const bad of ['red', 'Dark', '', null, undefined, 1, {}]) expect(validateSidebarTheme(bad)).toBe('dark');
  });

  it('rejects an invalid theme when set', () => {
    expect(setSidebarTheme('light')).toBe('light');
    expect(shellStore.get().theme).toBe('light');
    expect(setSidebarTheme('blue')).toBe('dark');
    expect(shellStore.get().theme).toBe('dark');
    expect(localStorage.getItem('sidebar_theme')).toBe('dark');
  });
});

describe('breakpoint', () => {
  it('is narrow under 750 px; header buttons only above 750 px', () => {
    expect(isNarrow(749)).toBe(true);
    expect(isNarrow(750)).toBe(false);
    expect(showHeaderButtons(750)).toBe(false);
    expect(showHeaderButtons(751)).toBe(true);
  });
});
