/** What other features may use of search: the header box and the search call. */
export { SearchCombobox } from './components/search-combobox';
export { fetchSearch } from './api';
export { hitsOf, type SearchHit } from './kinds';
