/** What other features may use of lists: the list cards of a release or a profile. */
export { ListCards } from './components/list-cards';
