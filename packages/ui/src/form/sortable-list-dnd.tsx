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
import type { SortableListProps, SortableListTexts } from './sortable-list.tsx';

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

/** `SortableList` over dnd-kit (sortable-list.tsx loads this module when a list first renders). */
export function DndSortableList<T extends { id: string }>({ items, onMove, renderItem, texts, disabled }: SortableListProps<T>) {
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
