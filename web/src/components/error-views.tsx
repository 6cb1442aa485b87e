import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from './button';
import { PageFrame } from './page-frame';
import { paths } from '../lib/paths';
import styles from './error-views.module.css';

export const NOT_FOUND_TEXT = '404: Not found';
export const UNEXPECTED_ERROR_TEXT = 'Unexpected error has occurred.';

export function NotFoundView() {
  return (
    <PageFrame title="Not found">
      <div className={styles.view}>
        <h1 className={styles.code}>{NOT_FOUND_TEXT}</h1>
        <p className={styles.sub}>This page does not exist, or it was moved or deleted.</p>
        <ButtonLink to={paths.home.href()} variant="secondary">
          Go to the home page
        </ButtonLink>
      </div>
    </PageFrame>
  );
}

/** The catch-all route. */
export default function NotFoundPage() {
  return <NotFoundView />;
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** A route's errorElement: a 404 answer shows the 404 page, anything else the error view. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <PageFrame title="Error">
      <div className={styles.view} role="alert">
        <h1 className={styles.title}>{UNEXPECTED_ERROR_TEXT}</h1>
        <p className={styles.detail}>{describe(error)}</p>
        <div className={styles.actions}>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <ButtonLink to={paths.home.href()} variant="secondary" reloadDocument>
            Home
          </ButtonLink>
        </div>
      </div>
    </PageFrame>
  );
}
