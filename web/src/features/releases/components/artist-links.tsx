import { Fragment } from 'react';
import { Link } from 'react-router';
import type { ArtistRef } from '@earmark/common';
import { paths } from '../../../lib/paths';

/** The release's artists as links, 'A, B & C'. */
export function ArtistLinks({
  artists,
  className,
  linkClassName,
}: {
  artists: readonly ArtistRef[];
  className?: string;
  linkClassName?: string;
}) {
  return (
    <span className={className}>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && (index === artists.length - 1 ? ' & ' : ', ')}
          <Link
            to={paths.artist.href(artist.id)}
            className={linkClassName}
            title={artist.nameLatin ?? undefined}
          >
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
