import { closestCenter, KeyboardCode } from '@dnd-kit/core';
import type {
  Announcements,
  CollisionDetection,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from '@dnd-kit/core';

/**
 * The items' order as last shown, for the drag callbacks: they run in event
 * handlers, after the render that showed the order they act on.
 */
export function createShownOrder<T extends { id: UniqueIdentifier }>(noun: string) {
  let items: readonly T[] = [];
  let titleOf: (item: T) => string = () => `The ${noun}`;
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id);
  return {
    /** The order shown and how announcements name an item. */
    set(shown: readonly T[], title: (item: T) => string) {
      items = shown;
      titleOf = title;
    },
    ids: () => items.map((item) => item.id),
    positionOf,
    count: () => items.length,
    titleOf: (id: UniqueIdentifier) => {
      const item = items[positionOf(id)];
      return item ? titleOf(item) : `The ${noun}`;
    },
  };
}
export type ShownOrder = ReturnType<typeof createShownOrder>;

/**
 * Keyboard moves for an ordered editor (list items, tracks), by place in the order rather than by
 * measured position. dnd-kit's own keyboard helpers find the next item from
 * the items' boxes on screen; here the arrow keys step through the order
 * itself, so a move never depends on layout (and works where nothing is laid
 * out). The returned coordinates still carry the held item to its new place,
 * so it is seen moving in a browser.
 */
export function createOrderKeyboard(order: ShownOrder) {
  /** Where a keyboard-held item would drop; null while nothing is held by keyboard. */
  let target: UniqueIdentifier | null = null;

  const coordinateGetter: KeyboardCoordinateGetter = (
    event,
    { active, context, currentCoordinates },
  ) => {
    const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const ids = order.ids();
    const activeIndex = ids.indexOf(active);
    const from = ids.indexOf(target ?? active);
    const to = Math.min(ids.length - 1, Math.max(0, from + step));
    target = ids[to] ?? active;

    const rect = context.droppableRects.get(target);
    const held = context.collisionRect;
    if (!rect || !held) return currentCoordinates;
    // Below its old place the held item ends where the target ends; above, it starts where it starts.
    const dy = to > activeIndex ? rect.bottom - held.bottom : rect.top - held.top;
    return { x: currentCoordinates.x, y: currentCoordinates.y + dy };
  };

  const collisionDetection: CollisionDetection = (args) =>
    target !== null ? [{ id: target }] : closestCenter(args);

  return {
    coordinateGetter,
    collisionDetection,
    /** Called as a drag starts: a keyboard drag is over its own place until an arrow moves it. */
    start(activeId: UniqueIdentifier, activatorEvent: Event | null) {
      target = activatorEvent instanceof KeyboardEvent ? activeId : null;
    },
    end() {
      target = null;
    },
  };
}

/** How to move an item by keyboard, `noun` naming what is moved ('release', 'track'). */
export function sortInstructions(noun: string): ScreenReaderInstructions {
  return {
    draggable:
      `To move a ${noun}, press Space or Enter on its move button. ` +
      'Then use the Up and Down arrow keys to change its place, ' +
      'press Space or Enter to drop it there, or Escape to cancel.',
  };
}

/** What a screen reader hears while an item moves, naming items by title. */
export function sortAnnouncements(order: ShownOrder): Announcements {
  const { titleOf } = order;
  const place = (id: UniqueIdentifier) =>
    `position ${order.positionOf(id) + 1} of ${order.count()}`;
  // A drag starts over its own place; only a change of place is news.
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return `Picked up ${titleOf(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver) return undefined;
      lastOver = over.id;
      return `${titleOf(active.id)} is over ${place(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `Moved ${titleOf(active.id)} to ${place(over.id)}.`
        : `${titleOf(active.id)} was dropped back at ${place(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.id)} was cancelled. It stays at ${place(active.id)}.`,
  };
}
