/**
 * Arrow-key movement inside a group of focusable items (the side menu, the open-page tabs):
 * the index the key moves focus to (wrapping at the ends; Home and End jump), or null when the
 * key does not move focus. `orientation` says which arrows step.
 */
export function stepFocus(key: string, index: number, count: number, orientation: 'horizontal' | 'vertical'): number | null {
  if (count === 0) return null;
  const [prev, next] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (key === next) return (index + 1) % count;
  if (key === prev) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
