import { useParams } from 'react-router';
import { NotFoundView } from '../../../components/error-views';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import { paths } from '../../../lib/paths';
import { CreateListButton } from '../components/create-list-button';
import { ListCards } from '../components/list-cards';

const TABS = [
  { sort: 'new', label: 'New', title: 'New lists' },
  { sort: 'popular', label: 'Popular', title: 'Popular lists' },
] as const;

const TAB_ITEMS = TABS.map((tab) => ({ to: paths.listsTab.href(tab.sort), label: tab.label }));

/** /lists/{new|popular}: published lists, newest or most liked first, as endless cards. */
export default function ListsPage() {
  const { sort } = useParams();
  const tab = TABS.find((t) => t.sort === sort);
  if (!tab) return <NotFoundView />;
  return (
    <PageFrame
      title={tab.title}
      heading="Lists"
      menu={<CreateListButton />}
      subNav={<TabLinks items={TAB_ITEMS} label="List sorts" />}
    >
      <h2 className="visually-hidden">{tab.title}</h2>
      <ListCards key={tab.sort} filter={{ sortBy: tab.sort }} label={tab.title} />
    </PageFrame>
  );
}
