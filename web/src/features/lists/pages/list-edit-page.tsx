import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { List } from '@earmark/common';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundView } from '../../../components/error-views';
import { ListIcon } from '../../../components/icons';
import { LoadFailure } from '../../../components/load-failure';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { useList } from '../api';
import { DraftBadge } from '../components/draft-badge';
import { ListDetailsForm } from '../components/list-details-form';
import { ListItemsEditor } from '../components/list-items-editor';
import { ListReleasePicker } from '../components/list-release-picker';
import { LoadError } from '../../../components/load-failure';
import { useAllListItems, useDeleteList, useForgetList, usePublishList } from '../edit-api';
import { countLabel } from '../format';
import styles from './list-edit-page.module.css';

/** /list/{id}/edit: the owner changes a list's details and items, publishes or deletes it. */
export default function ListEditPage() {
  const { id = '' } = useParams();
  const query = useList(id);
  const { user } = useCurrentUser();

  if (query.isPending) return <PageSpinner label="Loading list" />;
  if (query.isError) {
    return <LoadFailure what="list" error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Only the owner edits; anyone else sees what an unknown list shows.
  if (user?.id !== query.data.owner.id) return <NotFoundView />;
  return <ListEditor list={query.data} />;
}

function ListEditor({ list }: { list: List }) {
  return (
    <PageFrame title={`Edit ${list.title}`} width="default">
      <div className={styles.page}>
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>Edit list</h1>
            <Link to={paths.list.href(list.id)} className={styles.view}>
              View list
            </Link>
          </div>
          <PublishState list={list} />
        </header>
        <EditSection id="list-edit-details" title="Details">
          <ListDetailsForm list={list} />
        </EditSection>
        <EditSection id="list-edit-releases" title="Releases">
          <EditItems list={list} />
        </EditSection>
        <EditSection id="list-edit-delete" title="Delete this list">
          <DeleteList list={list} />
        </EditSection>
      </div>
    </PageFrame>
  );
}

function EditSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function PublishState({ list }: { list: List }) {
  const publish = usePublishList(list.id);
  if (list.published) {
    return <p className={styles.state}>Published: everyone can see this list.</p>;
  }
  return (
    <div className={styles.publish}>
      <DraftBadge />
      <p className={styles.state}>Only you can see this list until you publish it.</p>
      <Button loading={publish.isPending} onClick={() => publish.mutate()}>
        Publish
      </Button>
    </div>
  );
}

function EditItems({ list }: { list: List }) {
  const query = useAllListItems(list.id);
  if (query.isPending) return <PageSpinner label="Loading releases" />;
  if (query.isError) {
    return (
      <LoadError
        title="The releases of this list could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data;
  return (
    <div className={styles.items}>
      <ListReleasePicker listId={list.id} items={items} />
      <p className={styles.count}>{countLabel(items.length, 'release')}</p>
      {items.length === 0 ? (
        <EmptyState icon={<ListIcon size={28} />} title="This list has no releases yet" />
      ) : (
        <ListItemsEditor listId={list.id} items={items} />
      )}
    </div>
  );
}

function DeleteList({ list }: { list: List }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteList(list.id);
  const forget = useForgetList(list.id);
  const navigate = useNavigate();

  return (
    <>
      <p className={styles.state}>Its releases, notes, likes and comments go with it.</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete list
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete this list?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: async () => {
              setOpen(false);
              // Leave first, so the page's own queries do not ask for the list again.
              await navigate(paths.userLists.href(list.owner.username));
              forget();
            },
          })
        }
      >
        <p>
          “{list.title}” and its {countLabel(list.itemsCount, 'release')} will be deleted. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
