import type { ReactNode } from 'react';
import { isAdmin } from '@earmark/common';
import { NotFoundView } from '../../../components/error-views';
import { useCurrentUser } from '../../../lib/current-user';

/** The admin pages: everyone else sees the 404 page, as if they did not exist. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return isAdmin(user) ? children : <NotFoundView />;
}
