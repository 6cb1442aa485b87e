import { EmptyState } from '../../../components/empty-state';
import { ListIcon } from '../../../components/icons';

/** /release/{id}/lists: published lists that include the release. */
export default function ReleaseListsPage() {
  return (
    <EmptyState
      icon={<ListIcon size={28} />}
      title="This release is not in any list yet"
      message="Lists that include it will show up here."
    />
  );
}
