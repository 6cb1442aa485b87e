import { useEffect, useId, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import {
  SocketEvent,
  commentRoom,
  createCommentSchema,
  fullDate,
  isAdmin,
  relativeTime,
} from '@earmark/common';
import type { Comment, CurrentUser } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { LoadMore } from '../../../components/load-more';
import { Markdown } from '../../../components/markdown';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { readAgain } from '../../../lib/cache-updates';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { commentKeys } from '../../../lib/query-keys';
import { useSocket, useSocketEvent } from '../../../lib/socket';
import { ReportButton } from '../../reports';
import {
  addComment,
  commentsInfiniteQueryOptions,
  removeComment,
  useCreateComment,
  useDeleteComment,
} from '../api';
import type { CommentThread } from '../api';
import styles from './comments-section.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

export interface CommentsSectionProps extends CommentThread {
  /** Whose thread it is (profile, review or list owner): they may delete any comment in it. */
  ownerId?: string | null;
  title?: string;
  /** The heading's level: 2 on a page, 3 inside a part of one (a track). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * A comment thread: the comments in the server's order, a form for signed-in
 * readers ('Log in to comment' for visitors), and new comments from others
 * appearing while the thread is on screen (its room is held while mounted).
 */
export function CommentsSection({
  entityType,
  entityId,
  ownerId = null,
  title = 'Comments',
  headingLevel = 2,
  className,
}: CommentsSectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const thread = { entityType, entityId };
  const { user } = useCurrentUser();
  const location = useLocation();
  useLiveThread(thread);

  return (
    <section
      aria-labelledby={headingId}
      className={className ? `${styles.section} ${className}` : styles.section}
    >
      <Heading id={headingId} className={styles.heading}>
        {title}
      </Heading>
      {user ? (
        <CommentForm thread={thread} label={title} />
      ) : (
        <p className={styles.login}>
          <Link to={paths.login.href(`${location.pathname}${location.search}`)}>
            Log in to comment
          </Link>
        </p>
      )}
      <CommentList thread={thread} ownerId={ownerId} viewer={user ?? null} />
    </section>
  );
}

/** Holds the thread's room while mounted and applies what others post or delete in it. */
function useLiveThread(thread: CommentThread) {
  const { entityType, entityId } = thread;
  const queryClient = useQueryClient();
  const { joinRoom, connected, connections } = useSocket();
  useEffect(() => joinRoom(commentRoom(entityType, entityId)), [joinRoom, entityType, entityId]);
  // What was posted or deleted during a drop was never pushed: when the
  // connection comes back while the thread is shown, it is read again. (The
  // page's first connection comes just after the thread's first read.)
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current && connections > 1) {
      readAgain(queryClient, commentKeys.thread(entityType, entityId));
    }
    wasConnected.current = connected;
  }, [connected, connections, queryClient, entityType, entityId]);
  useSocketEvent<Comment>(SocketEvent.NEW_COMMENT, (comment) => {
    if (comment.entityType === entityType && comment.entityId === entityId) {
      addComment(queryClient, { entityType, entityId }, comment);
    }
  });
  useSocketEvent<{ id: string }>(SocketEvent.DELETE_COMMENT, ({ id }) =>
    removeComment(queryClient, { entityType, entityId }, id),
  );
}

const bodySchema = createCommentSchema.pick({ body: true });

function CommentForm({ thread, label }: { thread: CommentThread; label: string }) {
  const create = useCreateComment(thread);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(bodySchema), defaultValues: { body: '' } });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit(({ body }) =>
        create.mutate(body, { onSuccess: () => reset({ body: '' }) }),
      )}
    >
      <TextArea
        label={`Add to ${label.toLowerCase()}`}
        hideLabel
        placeholder="Write a comment…"
        rows={3}
        hint="Markdown works; @username mentions someone."
        error={errors.body?.message}
        {...register('body')}
      />
      <div className={styles.formActions}>
        <Button type="submit" size="small" loading={create.isPending}>
          Post
        </Button>
      </div>
    </form>
  );
}

function CommentList({
  thread,
  ownerId,
  viewer,
}: {
  thread: CommentThread;
  ownerId: string | null;
  viewer: CurrentUser | null;
}) {
  const query = useInfiniteQuery(commentsInfiniteQueryOptions(thread));
  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size={20} label="Loading comments" />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className={styles.state} role="alert">
        <span>Comments could not be loaded. {errorMessage(query.error)}</span>
        <Button variant="text" size="small" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const comments = query.data.pages.flatMap((page) => page.comments);
  if (comments.length === 0) return <p className={styles.state}>No comments yet.</p>;
  return (
    <>
      <ul className={styles.list}>
        {comments.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            thread={thread}
            canDelete={
              !!viewer &&
              (viewer.id === comment.user.id || viewer.id === ownerId || isAdmin(viewer))
            }
          />
        ))}
      </ul>
      <LoadMore query={query} what="comments" />
    </>
  );
}

function CommentItem({
  comment,
  thread,
  canDelete,
}: {
  comment: Comment;
  thread: CommentThread;
  canDelete: boolean;
}) {
  const { user } = comment;
  const name = user.name || user.username;
  const profile = paths.user.href(user.username);
  return (
    <li className={styles.comment}>
      <Link to={profile} className={styles.avatar} tabIndex={-1} aria-hidden="true">
        <Avatar user={user} size={36} />
      </Link>
      <article className={styles.content} aria-label={`Comment by ${name}`}>
        <header className={styles.meta}>
          <Link to={profile} className={styles.author}>
            {name}
          </Link>
          <SupporterBadge user={user} />
          <time dateTime={comment.createdAt} title={fullDate(comment.createdAt)}>
            {relativeTime(comment.createdAt)}
          </time>
        </header>
        <Markdown mentions className={styles.body}>
          {comment.body}
        </Markdown>
        <div className={styles.actions}>
          {canDelete && <DeleteCommentButton id={comment.id} thread={thread} />}
          <ReportButton type="comment" id={comment.id} what="comment" ownerId={user.id} />
        </div>
      </article>
    </li>
  );
}

function DeleteCommentButton({ id, thread }: { id: string; thread: CommentThread }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(thread);
  return (
    <>
      <Button
        variant="text"
        size="small"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this comment?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(id, { onSettled: () => setConfirming(false) })}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>The comment is removed for everyone. This cannot be undone.</p>
      </Dialog>
    </>
  );
}
