import { memo, useEffect, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { updateListItemSchema } from '@earmark/common';
import type { ListItem } from '@earmark/common';
import { Link } from 'react-router';
import { IconButton } from '../../../components/icon-button';
import { CloseIcon, MenuIcon } from '../../../components/icons';
import { TextArea } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { ArtistLinks } from '../../releases';
import { useRemoveListItem, useReorderListItems, useSetItemNote } from '../edit-api';
import {
  createOrderKeyboard,
  createShownOrder,
  sortAnnouncements,
  sortInstructions,
} from './list-edit-sorting';
import { ReleaseThumb } from './release-thumb';
import styles from './list-items-editor.module.css';

/**
 * A list's items in rank order, each with a move handle (drag it, or press
 * Space and use the arrow keys), its note and a remove button. A drop sends
 * the whole new order at once.
 */
export function ListItemsEditor({ listId, items }: { listId: string; items: ListItem[] }) {
  const reorder = useReorderListItems(listId);
  const [sorting] = useState(() => {
    const order = createShownOrder((item: ListItem) => item.release.title);
    return {
      order,
      keyboard: createOrderKeyboard(order),
      accessibility: {
        screenReaderInstructions: sortInstructions,
        announcements: sortAnnouncements(order),
      },
    };
  });
  const { order, keyboard } = sorting;
  useEffect(() => order.set(items), [order, items]);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: keyboard.coordinateGetter }),
  );

  function drop({ active, over }: DragEndEvent) {
    keyboard.end();
    const from = items.findIndex((item) => item.id === active.id);
    const to = over ? items.findIndex((item) => item.id === over.id) : -1;
    if (from < 0 || to < 0 || from === to) return;
    reorder(arrayMove(items, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={keyboard.collisionDetection}
      accessibility={sorting.accessibility}
      onDragStart={({ active, activatorEvent }) => keyboard.start(active.id, activatorEvent)}
      onDragEnd={drop}
      onDragCancel={() => keyboard.end()}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ol className={styles.items} aria-label="Releases in this list, in order">
          {items.map((item) => (
            <SortableItem key={item.id} listId={listId} item={item} count={items.length} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ listId, item, count }: { listId: string; item: ListItem; count: number }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const { release } = item;

  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={`Move ${release.title}, position ${item.index + 1} of ${count}`}
      >
        <MenuIcon size={20} />
      </button>
      <span className={styles.rank} aria-hidden="true">
        {item.index + 1}
      </span>
      <ItemContent listId={listId} item={item} />
    </li>
  );
}

/**
 * What a row shows besides its handle and rank. Every row renders again
 * while anything is dragged; this part only when its item changes.
 */
const ItemContent = memo(function ItemContent({
  listId,
  item,
}: {
  listId: string;
  item: ListItem;
}) {
  const remove = useRemoveListItem(listId);
  const { release } = item;
  return (
    <>
      <ReleaseThumb release={release} className={styles.cover} width={56} />
      <div className={styles.body}>
        <p className={styles.title}>
          <Link to={paths.release.href(release.id)}>{release.title}</Link>
        </p>
        <ArtistLinks artists={release.artists} className={styles.artists} />
        <ItemNote listId={listId} item={item} />
      </div>
      <IconButton
        label={`Remove ${release.title}`}
        icon={<CloseIcon />}
        size="small"
        disabled={remove.isPending}
        onClick={() => remove.mutate(item)}
      />
    </>
  );
});

/** The item's note, saved when the field loses focus after a change; an empty note clears it. */
function ItemNote({ listId, item }: { listId: string; item: ListItem }) {
  const save = useSetItemNote(listId);
  const [text, setText] = useState(item.note ?? '');
  const [error, setError] = useState<string | undefined>();

  function commit() {
    const note = text.trim() === '' ? null : text;
    if (note === item.note) return;
    const parsed = updateListItemSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { itemId: item.id, note },
      { onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <TextArea
      label={`Note on ${item.release.title}`}
      hideLabel
      className={styles.note}
      placeholder="Add a note (markdown works)"
      rows={2}
      value={text}
      error={error}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
    />
  );
}
