import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  DISCARD_WINDOW_MS,
  SUBMISSION_KIND_PLURALS,
  SubmissionMethod,
  SubmissionStatus,
  VOTABLE_SUBMISSION_STATUSES,
  VoteType,
  canVoteOnSubmissions,
} from '@earmark/common';
import type { CurrentUser, SubmissionDetail, SubmissionKind } from '@earmark/common';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { NotFoundView } from '../../../components/error-views';
import { LoadFailure } from '../../../components/load-failure';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { useSnackbar } from '../../../lib/snackbar';
import { CommentsSection } from '../../comments';
import { useDiscardSubmission, useSubmission, useSubmissionVote } from '../api';
import { SubmissionByline } from '../components/submission-byline';
import { SubmissionDiff } from '../components/submission-diff';
import { SubmissionStatusText } from '../components/submission-status';
import { SubmissionVotes } from '../components/submission-votes';
import {
  entityHref,
  kindLabels,
  kindOfSingular,
  methodLabels,
  submissionCommentKind,
} from '../kinds';
import styles from './submission-page.module.css';

/** /contributions/{release|artist|label|genre}/{id}: one submission, its changes, votes and comments. */
export default function SubmissionPage() {
  const { pathname } = useLocation();
  const kind = kindOfSingular(pathname.split('/')[2]);
  if (!kind) return <NotFoundView />;
  return <SubmissionLoader kind={kind} />;
}

function SubmissionLoader({ kind }: { kind: SubmissionKind }) {
  const { id = '' } = useParams();
  const query = useSubmission(kind, id);
  if (query.isPending) return <PageSpinner label="Loading contribution" />;
  if (query.isError) {
    return (
      <LoadFailure what="contribution" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <SubmissionView submission={query.data} />;
}

/** The entity has a page: an edit's entity exists; a create's once applied and not being deleted. */
function entityHasPage(submission: SubmissionDetail): boolean {
  if (submission.submissionStatus === SubmissionStatus.PENDING_ENTITY_DELETION) return false;
  return submission.method === SubmissionMethod.UPDATE || submission.appliedAt !== null;
}

function mayVote(user: CurrentUser | null | undefined, submission: SubmissionDetail): boolean {
  return (
    !!user &&
    canVoteOnSubmissions(user) &&
    user.id !== submission.user.id &&
    !submission.votes.some((vote) => vote.userId === user.id) &&
    VOTABLE_SUBMISSION_STATUSES.includes(submission.submissionStatus)
  );
}

function mayDiscard(user: CurrentUser | null | undefined, submission: SubmissionDetail): boolean {
  return (
    !!user &&
    user.id === submission.user.id &&
    submission.votes.length === 0 &&
    Date.now() - Date.parse(submission.createdAt) < DISCARD_WINDOW_MS
  );
}

function SubmissionView({ submission }: { submission: SubmissionDetail }) {
  const { user } = useCurrentUser();
  const kind = submission.kind;
  const what = `${methodLabels[submission.method]} ${kindLabels[kind].one.toLowerCase()}`;
  return (
    <PageFrame title={`${submission.entityName}: ${what.toLowerCase()} contribution`}>
      <article className={styles.page}>
        <header className={styles.header}>
          <div className={styles.top}>
            <p className={styles.kind}>
              <span className={styles.badge}>{methodLabels[submission.method]}</span>
              {kindLabels[kind].one} contribution
            </p>
            <p className={styles.status}>
              <span className="visually-hidden">Status: </span>
              <SubmissionStatusText status={submission.submissionStatus} />
            </p>
          </div>
          <h1 className={styles.title}>
            {entityHasPage(submission) ? (
              <Link to={entityHref(kind, submission.entityId)}>{submission.entityName}</Link>
            ) : (
              submission.entityName
            )}
          </h1>
          <SubmissionByline user={submission.user} at={submission.createdAt} />
          <p className={styles.note}>{submission.note}</p>
          {mayDiscard(user, submission) && <DiscardButton submission={submission} />}
        </header>
        <section aria-labelledby="submission-changes" className={styles.section}>
          <h2 id="submission-changes" className={styles.heading}>
            Changes
          </h2>
          <SubmissionDiff diff={submission.diff} />
        </section>
        <section aria-labelledby="submission-votes" className={styles.section}>
          <h2 id="submission-votes" className={styles.heading}>
            Votes
          </h2>
          <SubmissionVotes votes={submission.votes} />
          {user && mayVote(user, submission) && <VoteButtons submission={submission} user={user} />}
        </section>
      </article>
      <CommentsSection
        entityType={submissionCommentKind[kind]}
        entityId={submission.id}
        ownerId={submission.user.id}
      />
    </PageFrame>
  );
}

const VOTE_CHOICES = [
  { type: VoteType.UP, label: 'Vote up', Icon: VoteUpIcon },
  { type: VoteType.DOWN, label: 'Vote down', Icon: VoteDownIcon },
] as const;

function VoteButtons({ submission, user }: { submission: SubmissionDetail; user: CurrentUser }) {
  const snackbar = useSnackbar();
  const voter = {
    id: user.id,
    username: user.username,
    name: user.name,
    image: user.image,
    supporter: user.supporter,
  };
  const vote = useSubmissionVote(submission.kind, submission.id, voter);
  const cast = (type: VoteType) =>
    vote.mutate(type, { onSuccess: () => snackbar.show('Ok', 'success') });
  return (
    <div className={styles.voting}>
      <div className={styles.voteButtons} role="group" aria-label="Your vote">
        {VOTE_CHOICES.map(({ type, label, Icon }) => (
          <Button
            key={type}
            variant="secondary"
            icon={<Icon size={18} />}
            loading={vote.isPending && vote.variables === type}
            disabled={vote.isPending}
            onClick={() => cast(type)}
          >
            {label}
          </Button>
        ))}
      </div>
      {vote.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(vote.error)}
        </p>
      )}
    </div>
  );
}

function DiscardButton({ submission }: { submission: SubmissionDetail }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const discard = useDiscardSubmission(submission.kind, submission.id);
  return (
    <>
      <div>
        <Button variant="danger" size="small" onClick={() => setOpen(true)}>
          Discard
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Are you sure you want to discard this contribution?"
        confirmLabel="Discard"
        pending={discard.isPending}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              snackbar.show('Contribution discarded', 'success');
              void navigate(
                paths.contributionsList.href(SUBMISSION_KIND_PLURALS[submission.kind], 'open'),
              );
            },
          })
        }
      >
        <p>It is removed for good, and so is an entry it created that nothing else uses.</p>
        {discard.isError && <p role="alert">{errorMessage(discard.error)}</p>}
      </ConfirmDialog>
    </>
  );
}
