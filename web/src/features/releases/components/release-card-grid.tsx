import { RELEASE_GRID_COLUMNS } from '@earmark/common';
import type { ReleaseSummary } from '@earmark/common';
import { CardGrid } from '../../../components/card-grid';
import { ReleaseCard } from './release-card';

const releaseKey = (release: ReleaseSummary) => release.id;
const renderRelease = (release: ReleaseSummary) => <ReleaseCard release={release} />;

/** A short, fully rendered grid of release cards (home sections, discographies). */
export function ReleaseCardGrid({
  releases,
  label,
}: {
  releases: readonly ReleaseSummary[];
  label: string;
}) {
  return (
    <CardGrid
      items={releases}
      getKey={releaseKey}
      renderItem={renderRelease}
      columns={RELEASE_GRID_COLUMNS}
      label={label}
    />
  );
}
