import { useOutletContext, useParams } from 'react-router';
import type { Release } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { ListIcon } from '../../../components/icons';
import { ListCards } from '../../lists';
import styles from './release-tab-page.module.css';

/** /release/{id}/lists: the published lists that include the release, most liked first. */
export default function ReleaseListsPage() {
  const { id = '' } = useParams();
  const release = useOutletContext<Release | undefined>();
  return (
    <>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Lists</h2>
      </div>
      <ListCards
        filter={{ sortBy: 'popular', releaseId: id }}
        label={release ? `Lists with ${release.title}` : 'Lists with this release'}
        empty={
          <EmptyState
            icon={<ListIcon size={28} />}
            title="This release is not in any list yet"
            message="Lists that include it will show up here."
          />
        }
      />
    </>
  );
}
