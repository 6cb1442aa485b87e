/** Shown wherever a release list or grid has nothing in it. */
export const NO_RELEASES_TEXT = 'There are no releases';
