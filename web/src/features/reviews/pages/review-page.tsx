import { Link, useParams } from 'react-router';
import { CommentTargetKind, fullDate, relativeTime, releaseTypeLabels } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { NotFoundView } from '../../../components/error-views';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { WarningIcon } from '../../../components/icons';
import { Markdown, markdownExcerpt } from '../../../components/markdown';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage, isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { CommentsSection } from '../../comments';
import { ArtistLinks, CoverImage, formatReleaseDate } from '../../releases';
import { ReportButton } from '../../reports';
import { useEntry } from '../api';
import { RatingBadge } from '../components/rating-badge';
import { ReviewVotes } from '../components/review-votes';
import { displayName, reviewTitle } from '../format';
import styles from './review-page.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** An edit counts when it comes more than a minute after writing (not the first save's echo). */
const EDIT_GRACE_MS = 60_000;

/** /review/{entryId}: one review in full, with the release, rating, tags and votes. */
export default function ReviewPage() {
  const { id = '' } = useParams();
  const query = useEntry(id);

  if (query.isPending) return <PageSpinner label="Loading review" />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFoundView />;
    return (
      <PageFrame title="Review" width="narrow">
        <EmptyState
          icon={<WarningIcon size={28} />}
          title="This review could not be loaded."
          message={errorMessage(query.error)}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      </PageFrame>
    );
  }
  // An entry that holds only a rating has no review page.
  if (!query.data.review) return <NotFoundView />;
  return <ReviewView entry={query.data} />;
}

function ReviewView({ entry }: { entry: Entry }) {
  const { user: viewer } = useCurrentUser();
  const { release, user } = entry;
  const review = entry.review;
  if (!review) return null;

  const releaseHref = paths.release.href(release.id);
  const date = formatReleaseDate(release.date, release.datePrecision);
  const edited =
    new Date(review.updatedAt).getTime() - new Date(review.createdAt).getTime() > EDIT_GRACE_MS;
  const ownReview = viewer?.id === user.id;
  // A cover with content warnings is kept out of link previews.
  const image =
    release.cover && release.explicitCoverArt.length === 0 ? release.cover.og : undefined;

  return (
    <PageFrame
      title={reviewTitle(entry)}
      description={markdownExcerpt(review.body, 200)}
      image={image}
      width="narrow"
    >
      <article className={styles.review}>
        <header className={styles.release}>
          <Link to={releaseHref} className={styles.cover} tabIndex={-1} aria-hidden="true">
            <CoverImage
              cover={release.cover}
              explicitCoverArt={release.explicitCoverArt}
              alt=""
              sizes="112px"
            />
          </Link>
          <div className={styles.releaseText}>
            <h1 className={styles.title}>
              <span className="visually-hidden">{displayName(user)}&apos;s review of </span>
              <Link to={releaseHref} className={styles.titleLink}>
                {release.title}
              </Link>
            </h1>
            {release.titleLatin && <p className={styles.sub}>{release.titleLatin}</p>}
            <ArtistLinks artists={release.artists} className={styles.artists} />
            <p className={styles.sub}>
              {[releaseTypeLabels[release.type], date].filter(Boolean).join(' · ')}
            </p>
          </div>
        </header>

        <div className={styles.byline}>
          <Link
            to={paths.user.href(user.username)}
            className={styles.avatar}
            tabIndex={-1}
            aria-hidden="true"
          >
            <Avatar user={user} size={44} />
          </Link>
          <div className={styles.who}>
            <Link to={paths.user.href(user.username)} className={styles.authorName}>
              {displayName(user)}
            </Link>
            <SupporterBadge user={user} />
            <p className={styles.when}>
              <time dateTime={review.createdAt}>{fullDate(review.createdAt)}</time>
              {edited && (
                <span title={fullDate(review.updatedAt)}>
                  {' '}
                  · edited {relativeTime(review.updatedAt)}
                </span>
              )}
            </p>
          </div>
          {entry.rating && <RatingBadge rating={entry.rating.rating} size="large" />}
        </div>

        <Markdown className={styles.body}>{review.body}</Markdown>

        {entry.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {entry.tags.map((tag) => (
              <li key={tag.id} className={styles.tag}>
                {tag.name}
              </li>
            ))}
          </ul>
        )}

        <footer className={styles.footer}>
          <ReviewVotes entryId={entry.id} authorId={user.id} review={review} />
          {ownReview && (
            <ButtonLink to={releaseHref} variant="secondary" size="small">
              Edit on the release page
            </ButtonLink>
          )}
          <ReportButton type="review" id={entry.id} what="review" ownerId={user.id} />
        </footer>
        <CommentsSection
          entityType={CommentTargetKind.REVIEW}
          entityId={entry.id}
          ownerId={user.id}
        />
      </article>
    </PageFrame>
  );
}
