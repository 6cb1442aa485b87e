import { matchPath, useLocation } from 'react-router';
import { SUBMISSION_KINDS, SUBMISSION_KIND_PLURALS, isAdmin } from '@earmark/common';
import { NotFoundView } from '../../../components/error-views';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { ADMIN_PAGES } from '../../admin';
import { SubmissionCards } from '../components/submission-cards';
import { SubmissionFilters, useSubmissionFilter } from '../components/submission-filters';
import { LIST_STATUSES, kindLabels, kindOfPlural } from '../kinds';
import styles from './contributions-page.module.css';

const KIND_TABS = SUBMISSION_KINDS.map((kind) => ({
  to: paths.contributionsKind.href(SUBMISSION_KIND_PLURALS[kind]),
  label: kindLabels[kind].many,
}));

/**
 * /contributions/{releases|artists|labels|genres}/{open|auto-approved}: a
 * kind's submissions in a status, newest or oldest first, as endless cards.
 */
export default function ContributionsPage() {
  const { pathname } = useLocation();
  const match = matchPath(paths.contributionsList.path, pathname);
  const kind = kindOfPlural(match?.params.kind);
  const tab = LIST_STATUSES.find((item) => item.slug === match?.params.status);
  const filter = useSubmissionFilter(kind ?? 'release', tab?.status);
  const { user } = useCurrentUser();
  if (!kind || !tab) return <NotFoundView />;

  const plural = SUBMISSION_KIND_PLURALS[kind];
  const title = `${tab.label} ${kindLabels[kind].one.toLowerCase()} contributions`;
  return (
    <PageFrame
      title={title}
      heading="Contributions"
      subNav={
        <TabLinks
          items={isAdmin(user) ? [...KIND_TABS, ...ADMIN_PAGES] : KIND_TABS}
          label="Contribution kinds"
        />
      }
    >
      <div className={styles.statusTabs}>
        <TabLinks
          label={`${kindLabels[kind].one} contribution lists`}
          items={LIST_STATUSES.map((item) => ({
            to: paths.contributionsList.href(plural, item.slug),
            label: item.label,
          }))}
        />
      </div>
      <h2 className="visually-hidden">{title}</h2>
      <SubmissionFilters filter={filter} />
      <SubmissionCards
        key={`${kind}-${JSON.stringify(filter)}`}
        kind={kind}
        filter={filter}
        label={title}
      />
    </PageFrame>
  );
}
