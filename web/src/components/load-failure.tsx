import { Button } from './button';
import { EmptyState } from './empty-state';
import { WarningIcon } from './icons';
import { PageFrame } from './page-frame';
import { errorMessage, isApiError } from '../lib/api';
import { NotFoundView } from './error-views';

/**
 * What a detail page shows when its data failed to load: the 404 page for an
 * unknown id, otherwise the error with a way to try again.
 */
export function LoadFailure({
  what,
  error,
  onRetry,
}: {
  /** The thing the page shows, in lower case ('release', 'artist'). */
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  if (isApiError(error, 404)) return <NotFoundView />;
  return (
    <PageFrame title={what.charAt(0).toUpperCase() + what.slice(1)}>
      <LoadError title={`This ${what} could not be loaded.`} error={error} onRetry={onRetry} />
    </PageFrame>
  );
}

/** What a part of a page shows when its data failed to load: the error and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<WarningIcon size={28} />}
      title={title}
      message={errorMessage(error)}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
