import { useParams } from 'react-router';
import { NotFoundView } from '../../../components/error-views';
import { paths } from '../../../lib/paths';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import { ReleaseGrid } from '../components/release-grid';
import { findReleaseListTab, RELEASE_LIST_TABS } from '../list-kinds';

const TAB_ITEMS = RELEASE_LIST_TABS.map((tab) => ({
  to: paths.releases.href(tab.kind),
  label: tab.label,
}));

/** /releases/{kind}: one of the release lists, as an endless grid. */
export default function ReleaseListPage() {
  const { kind } = useParams();
  const tab = findReleaseListTab(kind);
  if (!tab) return <NotFoundView />;

  return (
    <PageFrame
      title={tab.title}
      description={tab.description}
      heading="Releases"
      subNav={<TabLinks items={TAB_ITEMS} label="Release lists" />}
    >
      <h2 className="visually-hidden">{tab.title}</h2>
      {/* A new list starts a new grid (fresh scroll positions and measurements). */}
      <ReleaseGrid
        key={tab.kind}
        filter={{ type: tab.kind }}
        label={tab.title}
        emptyReason={tab.emptyReason}
      />
    </PageFrame>
  );
}
