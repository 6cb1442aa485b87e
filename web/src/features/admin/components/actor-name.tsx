import { Link } from 'react-router';
import type { Actor } from '@earmark/common';
import { SupporterBadge } from '../../../components/supporter-badge';
import { paths } from '../../../lib/paths';

/** A member's name as a link to their profile, with their badge; 'A removed account' once gone. */
export function ActorName({ actor }: { actor: Actor | null }) {
  if (!actor) return <span>A removed account</span>;
  return (
    <>
      <Link to={paths.user.href(actor.username)}>{actor.name || actor.username}</Link>
      <SupporterBadge user={actor} />
    </>
  );
}
