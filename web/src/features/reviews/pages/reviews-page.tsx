import { useParams } from 'react-router';
import { NotFoundView } from '../../../components/error-views';
import { paths } from '../../../lib/paths';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import type { ReviewSort } from '../api';
import { ReviewList } from '../components/review-list';
import styles from './reviews-page.module.css';

const TABS: { sort: ReviewSort; label: string; title: string; description: string }[] = [
  {
    sort: 'new',
    label: 'New',
    title: 'New reviews',
    description: 'The latest music reviews written by Earmark listeners.',
  },
  {
    sort: 'top',
    label: 'Top',
    title: 'Top reviews',
    description: 'The most up-voted music reviews on Earmark in the last 30 days.',
  },
];

const TAB_ITEMS = TABS.map((tab) => ({ to: paths.reviews.href(tab.sort), label: tab.label }));

/** /reviews/new and /reviews/top: everyone's reviews, as an endless list. */
export default function ReviewsPage() {
  const { sort } = useParams();
  const tab = TABS.find((item) => item.sort === sort);
  if (!tab) return <NotFoundView />;

  return (
    <PageFrame
      title={tab.title}
      description={tab.description}
      heading="Reviews"
      subNav={<TabLinks items={TAB_ITEMS} label="Review lists" />}
      width="narrow"
    >
      <h2 className="visually-hidden">{tab.title}</h2>
      {tab.sort === 'top' && (
        <p className={styles.note}>The most up-voted reviews written in the last 30 days.</p>
      )}
      <ReviewList key={tab.sort} sort={tab.sort} label={tab.title} />
    </PageFrame>
  );
}
