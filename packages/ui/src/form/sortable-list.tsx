import { Box, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { GripIcon } from '../icons.tsx';

export interface SortableListTexts {
  /** The drag handle's accessible name for an item (`拖动排序：第 2 项`). */
  handle: (index: number) => string;
  /** What a screen reader hears on focusing a handle (how to move with the keyboard). */
  instructions: string;
  /** Announcements while moving (`已拿起第 2 项` ...), 1-based positions. */
  picked: (position: number) => string;
  moved: (from: number, to: number) => string;
  dropped: (from: number, to: number) => string;
  cancelled: (position: number) => string;
}

export interface SortableListProps<T extends { id: string }> {
  /** The items in order; `id` is stable across moves (react-hook-form's field id). */
  items: readonly T[];
  /** Moves the item at `from` to `to` (both 0-based). */
  onMove: (from: number, to: number) => void;
  /** One item's content; `handle` is its drag handle, to be placed where it belongs. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  texts: SortableListTexts;
  disabled?: boolean;
}

/** dnd-kit (about 15 kB gzip) loads with the first sortable list shown, not with every screen that could show one. */
const DndSortableList = lazy(() => import('./sortable-list-dnd.tsx').then((m) => ({ default: m.DndSortableList<{ id: string }> })));

/**
 * A vertical list whose items are reordered by dragging their handle, with the
 * mouse, touch or the keyboard (focus a handle, Space to pick up, arrows to
 * move, Space to drop, Escape to cancel), over dnd-kit. Moves are announced
 * to screen readers in the caller's language. Until dnd-kit has loaded, the
 * items show with their handles disabled.
 */
export function SortableList<T extends { id: string }>({ items, onMove, renderItem, texts, disabled }: SortableListProps<T>) {
  const waiting = items.map((item, index) => (
    <Box key={item.id}>
      {renderItem(
        item,
        index,
        <IconButton size="xs" variant="ghost" aria-label={texts.handle(index)} disabled>
          <GripIcon />
        </IconButton>,
      )}
    </Box>
  ));
  return (
    <Suspense fallback={waiting}>
      <DndSortableList
        items={items}
        onMove={onMove}
        renderItem={(_item, index, handle) => renderItem(items[index]!, index, handle)}
        texts={texts}
        {...(disabled !== undefined && { disabled })}
      />
    </Suspense>
  );
}
