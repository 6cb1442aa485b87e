import { Link, useParams } from 'react-router';
import { SUBMISSION_KINDS, SUBMISSION_KIND_PLURALS } from '@earmark/common';
import type { StatusCounts, SubmissionKind, UserProfile } from '@earmark/common';
import { NotFoundView } from '../../../components/error-views';
import { LoadFailure } from '../../../components/load-failure';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { TabLinks } from '../../../components/tabs';
import { paths } from '../../../lib/paths';
import { useUserProfile } from '../../users';
import { useUserContributions } from '../api';
import { SubmissionCards } from '../components/submission-cards';
import { SubmissionFilters, useSubmissionFilter } from '../components/submission-filters';
import { kindLabels, kindOfPlural } from '../kinds';
import styles from './user-contributions-page.module.css';

/** /{username}/contributions/{releases|artists|labels|genres}: a member's submissions of a kind. */
export default function UserContributionsPage() {
  const { username = '', kind: plural } = useParams();
  const kind = kindOfPlural(plural);
  const profile = useUserProfile(username);
  if (!kind) return <NotFoundView />;
  if (profile.isPending) return <PageSpinner label="Loading contributions" />;
  if (profile.isError) {
    return (
      <LoadFailure what="profile" error={profile.error} onRetry={() => void profile.refetch()} />
    );
  }
  return <UserContributions profile={profile.data} kind={kind} />;
}

const COUNT_LABELS: [keyof StatusCounts, string][] = [
  ['open', 'Open'],
  ['autoApproved', 'Auto-approved'],
  ['approved', 'Approved'],
  ['disapproved', 'Disapproved'],
  ['pendingDeletion', 'Pending deletion'],
];

function UserContributions({ profile, kind }: { profile: UserProfile; kind: SubmissionKind }) {
  const counts = useUserContributions(profile.id);
  const filter = useSubmissionFilter(kind);
  const name = profile.name || profile.username;
  const title = `${kindLabels[kind].one} contributions by ${name}`;
  const kindCounts = counts.data?.[SUBMISSION_KIND_PLURALS[kind]];

  return (
    <PageFrame
      title={title}
      heading={
        <>
          Contributions by <Link to={paths.user.href(profile.username)}>{name}</Link>
        </>
      }
      subNav={
        <TabLinks
          label={`${name}'s contributions`}
          items={SUBMISSION_KINDS.map((k) => {
            const total = counts.data?.[SUBMISSION_KIND_PLURALS[k]].total;
            return {
              to: paths.userContributionsKind.href(profile.username, SUBMISSION_KIND_PLURALS[k]),
              label: (
                <>
                  {kindLabels[k].many}
                  {total !== undefined && <span className={styles.total}> {total}</span>}
                </>
              ),
            };
          })}
        />
      }
    >
      <h2 className="visually-hidden">{title}</h2>
      {kindCounts && (
        <dl className={styles.counts}>
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className={styles.count}>
              <dt>{label}</dt>
              <dd>{kindCounts[key].toLocaleString('en')}</dd>
            </div>
          ))}
        </dl>
      )}
      <SubmissionFilters filter={filter} />
      <SubmissionCards
        key={`${kind}-${JSON.stringify(filter)}`}
        kind={kind}
        filter={{ ...filter, userId: profile.id }}
        label={title}
      />
    </PageFrame>
  );
}
