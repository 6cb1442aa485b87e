/** What other features may use of releases: cards, grids, sections and their texts. */
export { ArtistLinks } from './components/artist-links';
export { CoverImage } from './components/cover-image';
export { ReleaseCard } from './components/release-card';
export { ReleaseCardGrid } from './components/release-card-grid';
export { ReleaseGrid } from './components/release-grid';
export { ReleaseSection } from './components/release-section';
export { formatReleaseDate } from './format';
export { NO_RELEASES_TEXT } from './texts';
export { releaseQueryOptions } from './api';
