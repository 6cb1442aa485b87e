import { Navigate, useLocation } from 'react-router';

/**
 * A merged release, artist or label: the API answered its id with the
 * entity it was merged into, so the page moves to that one's address
 * (keeping the tab, query and fragment), replacing the old one in history.
 */
export function MergedRedirect({ from, to }: { from: string; to: string }) {
  const { pathname, search, hash } = useLocation();
  const rest = pathname.startsWith(from) ? pathname.slice(from.length) : '';
  return <Navigate replace to={{ pathname: `${to}${rest}`, search, hash }} />;
}
