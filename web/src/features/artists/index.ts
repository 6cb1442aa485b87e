/** What other features may use of artists: the artist read. */
export { artistQueryOptions } from './api';
