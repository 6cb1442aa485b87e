import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MenuIcon } from './icons';
import {
  createOrderKeyboard,
  createShownOrder,
  sortAnnouncements,
  sortInstructions,
} from './order-sorting';
import styles from './sortable-order.module.css';

export interface SortableOrderProps<T extends { id: UniqueIdentifier }> {
  /** The items in their shown order; each row inside uses `useSortableRow(item.id)`. */
  items: readonly T[];
  /** How announcements name an item. */
  titleOf: (item: T) => string;
  /** What an item is, for the instructions ('release', 'track'). */
  noun: string;
  /** An item dropped at another place (indexes in `items`). */
  onMove: (from: number, to: number) => void;
  /** A drag started (by pointer, touch or keyboard). */
  onPickUp?: () => void;
  children: ReactNode;
}

/**
 * Sorting of a vertical list by dragging a row's move button, or by focusing
 * it, pressing Space or Enter, stepping with the Up and Down arrows and
 * dropping with Space or Enter (Escape cancels). The arrows step through the
 * order itself, and screen readers hear each move in plain sentences.
 */
export function SortableOrder<T extends { id: UniqueIdentifier }>({
  items,
  titleOf,
  noun,
  onMove,
  onPickUp,
  children,
}: SortableOrderProps<T>) {
  const [sorting] = useState(() => {
    const order = createShownOrder<T>(noun);
    return {
      order,
      keyboard: createOrderKeyboard(order),
      accessibility: {
        screenReaderInstructions: sortInstructions(noun),
        announcements: sortAnnouncements(order),
      },
    };
  });
  const { order, keyboard } = sorting;
  // The drag callbacks run after the render that showed the order, so they read the latest one.
  useEffect(() => order.set(items, titleOf), [order, items, titleOf]);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: keyboard.coordinateGetter }),
  );

  function drop({ active, over }: DragEndEvent) {
    keyboard.end();
    const from = items.findIndex((item) => item.id === active.id);
    const to = over ? items.findIndex((item) => item.id === over.id) : -1;
    if (from < 0 || to < 0 || from === to) return;
    onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={keyboard.collisionDetection}
      accessibility={sorting.accessibility}
      onDragStart={({ active, activatorEvent }) => {
        keyboard.start(active.id, activatorEvent);
        onPickUp?.();
      }}
      onDragEnd={drop}
      onDragCancel={() => keyboard.end()}
    >
      <SortableContext items={items as T[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What a row of a `SortableOrder` needs: its element, its box and moving style, and its handle. */
export function useSortableRow(id: UniqueIdentifier) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return {
    rowRef: setNodeRef,
    rowStyle: { transform: CSS.Translate.toString(transform), transition },
    rowClassName: `${styles.row} ${isDragging ? styles.dragging : ''}`,
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

/** A row's move button: drag it, or focus it and press Space or Enter. */
export function SortHandle({
  label,
  handleProps,
}: {
  /** Names the item and its place ('Move Kid A, position 2 of 12'). */
  label: string;
  handleProps: ReturnType<typeof useSortableRow>['handleProps'];
}) {
  return (
    <button type="button" className={styles.handle} {...handleProps} aria-label={label}>
      <MenuIcon size={20} />
    </button>
  );
}
