import { Box, IconButton } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
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

function SortableItem({
  id,
  index,
  texts,
  disabled,
  children,
}: {
  id: string;
  index: number;
  texts: SortableListTexts;
  disabled?: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="xs"
      variant="ghost"
      cursor={disabled ? 'not-allowed' : 'grab'}
      aria-label={texts.handle(index)}
      disabled={disabled}
      data-testid="sortable-handle"
      {...attributes}
      {...listeners}
    >
      <GripIcon />
    </IconButton>
  );
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 1 : undefined}
      opacity={isDragging ? 0.85 : 1}
      data-testid="sortable-item"
    >
      {children(handle)}
    </Box>
  );
}

/**
 * A vertical list whose items are reordered by dragging their handle, with the
 * mouse, touch or the keyboard (focus a handle, Space to pick up, arrows to
 * move, Space to drop, Escape to cancel), over dnd-kit. Moves are announced
 * to screen readers in the caller's language.
 */
export function SortableList<T extends { id: string }>({ items, onMove, renderItem, texts, disabled }: SortableListProps<T>) {
  const sensors = useSensors(
    // A small distance first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.picked(position(active.id)),
    onDragOver: ({ active, over }) => (over ? texts.moved(position(active.id), position(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? texts.dropped(position(active.id), position(over.id)) : undefined),
    onDragCancel: ({ active }) => texts.cancelled(position(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: texts.instructions } }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableItem key={item.id} id={item.id} index={index} texts={texts} disabled={disabled}>
            {(handle) => renderItem(item, index, handle)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}
