import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { List, ReleaseSummary } from '@earmark/common';
import { Button } from '../../../components/button';
import { CheckIcon, ListIcon, PlusIcon } from '../../../components/icons';
import { moveMenuFocus } from '../../../components/menu';
import { Popover, PopoverAnchor } from '../../../components/popover';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { myListsFilter, releaseInMyListsQueryOptions, useListItemToggle } from '../add-to-list-api';
import { listsInfiniteQueryOptions } from '../api';
import { CreateListDialog } from './create-list-dialog';
import { DraftBadge } from './draft-badge';
import styles from './add-to-list-button.module.css';

const ITEM_SELECTOR = '[role="menuitemcheckbox"], [role="menuitem"]';

/**
 * 'Add to list' for a signed-in member (visitors do not get it): a menu of
 * their lists, drafts too, each a checkbox item checked when the release is
 * in it; choosing one adds or removes the release. 'New list' opens the
 * Create List dialog, which puts the release into the new list. Keys as in
 * any menu: arrows, Home, End and a letter move; Space or Enter toggles;
 * Escape closes and returns to the button.
 */
export function AddToListButton({ release }: { release: ReleaseSummary }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <AddToList release={release} userId={user.id} />;
}

function AddToList({ release, userId }: { release: ReleaseSummary; userId: string }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const focusOnReady = useRef<'first' | 'last' | null>(null);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  function show(focus: 'first' | 'last') {
    focusOnReady.current = focus;
    setOpen(true);
  }

  /** Once the lists are there (or failed), focus goes to the first (or last) item. */
  function onReady() {
    const focus = focusOnReady.current;
    focusOnReady.current = null;
    const all = items();
    if (focus) (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (moveMenuFocus(event, items())) return;
    if (event.key === 'Tab') close(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    // Neither this menu nor a popup around it closes under the dialog; it
    // handles its own Escape.
    event.stopPropagation();
    if (creating) return;
    if (open) {
      event.preventDefault();
      close(true);
    }
  }

  return (
    <PopoverAnchor ref={anchorRef} onKeyDown={onKeyDown}>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="small"
        icon={<ListIcon size={16} />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        Add to list
      </Button>
      <Popover
        open={open}
        onClose={() => close(false)}
        containerRef={anchorRef}
        className={styles.popover}
      >
        <MyListsMenu
          release={release}
          userId={userId}
          menuId={menuId}
          menuRef={menuRef}
          onKeyDown={onMenuKeyDown}
          onNewList={() => setCreating(true)}
          onReady={onReady}
        />
      </Popover>
      <CreateListDialog
        open={creating}
        onClose={() => setCreating(false)}
        redirect={false}
        releaseId={release.id}
      />
    </PopoverAnchor>
  );
}

interface MyListsMenuProps {
  release: ReleaseSummary;
  userId: string;
  menuId: string;
  menuRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onNewList: () => void;
  onReady: () => void;
}

/** Loaded only while open: the member's lists and which of them hold the release. */
function MyListsMenu({
  release,
  userId,
  menuId,
  menuRef,
  onKeyDown,
  onNewList,
  onReady,
}: MyListsMenuProps) {
  const lists = useInfiniteQuery(listsInfiniteQueryOptions(myListsFilter(userId)));
  const holding = useQuery(releaseInMyListsQueryOptions(release.id));
  const loading = lists.isPending || holding.isPending;
  const ready = useEffectEvent(onReady);
  useEffect(() => {
    if (!loading) ready();
  }, [loading]);
  const failed = !loading && (!lists.data || !holding.data);
  const itemOf = new Map(holding.data?.map((ref) => [ref.listId, ref.itemId]));
  const shown = failed ? [] : (lists.data?.pages.flatMap((page) => page.lists) ?? []);

  return (
    <>
      <p className={styles.heading} aria-hidden="true">
        Add to list
      </p>
      {loading && (
        <div className={styles.status}>
          <Spinner size={20} label="Loading your lists" />
        </div>
      )}
      {failed && (
        <div className={styles.status} role="alert">
          Your lists could not be loaded.{' '}
          <Button
            variant="text"
            size="small"
            onClick={() => {
              if (!lists.data) void lists.refetch();
              if (!holding.data) void holding.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {!loading && !failed && shown.length === 0 && (
        <p className={styles.status}>You have no lists yet.</p>
      )}
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={`Add ${release.title} to a list`}
        aria-busy={loading || undefined}
        className={styles.menu}
        onKeyDown={onKeyDown}
      >
        {shown.length > 0 && (
          <div role="group" aria-label="Your lists" className={styles.lists}>
            {shown.map((list) => (
              <ListRow
                key={list.id}
                list={list}
                releaseId={release.id}
                itemId={itemOf.get(list.id) ?? null}
              />
            ))}
          </div>
        )}
        {lists.hasNextPage && (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            aria-disabled={lists.isFetchingNextPage || undefined}
            onClick={() => {
              if (!lists.isFetchingNextPage) void lists.fetchNextPage();
            }}
          >
            <span className={styles.mark} />
            {lists.isFetchingNextPage ? 'Loading more lists…' : 'Show more lists'}
          </button>
        )}
        <div role="separator" className={styles.separator} />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={styles.item}
          onClick={onNewList}
        >
          <span className={styles.mark}>
            <PlusIcon size={18} />
          </span>
          New list
        </button>
      </div>
    </>
  );
}

/** One of the member's lists: checked when the release is in it; busy while it changes. */
function ListRow({
  list,
  releaseId,
  itemId,
}: {
  list: List;
  releaseId: string;
  itemId: string | null;
}) {
  const toggle = useListItemToggle(releaseId);
  const busy = toggle.isPending;
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={itemId !== null}
      aria-disabled={busy || undefined}
      tabIndex={-1}
      className={styles.item}
      onClick={() => {
        if (!busy) toggle.mutate({ listId: list.id, itemId });
      }}
    >
      <span className={styles.mark}>
        {busy ? (
          <span aria-hidden="true">
            <Spinner size={16} />
          </span>
        ) : (
          itemId !== null && <CheckIcon size={18} />
        )}
      </span>
      <span className={styles.title}>{list.title}</span>
      {!list.published && <DraftBadge />}
    </button>
  );
}
