/** What other features may use of genres: the genre votes on a release. */
export { GenreVoting } from './components/genre-voting';
export { genreQueryOptions } from './api';
