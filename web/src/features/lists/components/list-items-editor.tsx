import { memo, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { updateListItemSchema } from '@earmark/common';
import type { ListItem } from '@earmark/common';
import { Link } from 'react-router';
import { IconButton } from '../../../components/icon-button';
import { CloseIcon } from '../../../components/icons';
import { SortHandle, SortableOrder, useSortableRow } from '../../../components/sortable-order';
import { TextArea } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { ArtistLinks } from '../../releases';
import { useRemoveListItem, useReorderListItems, useSetItemNote } from '../edit-api';
import { ReleaseThumb } from './release-thumb';
import styles from './list-items-editor.module.css';

const releaseTitle = (item: ListItem) => item.release.title;

/**
 * A list's items in rank order, each with a move handle (drag it, or press
 * Space and use the arrow keys), its note and a remove button. A drop sends
 * the whole new order at once.
 */
export function ListItemsEditor({ listId, items }: { listId: string; items: ListItem[] }) {
  const reorder = useReorderListItems(listId);
  return (
    <SortableOrder
      items={items}
      titleOf={releaseTitle}
      noun="release"
      onMove={(from, to) => reorder(arrayMove(items, from, to))}
    >
      <ol className={styles.items} aria-label="Releases in this list, in order">
        {items.map((item) => (
          <SortableItem key={item.id} listId={listId} item={item} count={items.length} />
        ))}
      </ol>
    </SortableOrder>
  );
}

function SortableItem({ listId, item, count }: { listId: string; item: ListItem; count: number }) {
  const { rowRef, rowStyle, rowClassName, handleProps } = useSortableRow(item.id);
  return (
    <li ref={rowRef} className={`${rowClassName} ${styles.item}`} style={rowStyle}>
      <SortHandle
        label={`Move ${item.release.title}, position ${item.index + 1} of ${count}`}
        handleProps={handleProps}
      />
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
