/**
 * What other features may use of lists: the list cards of a release or a
 * profile, 'Create a list' and the add-to-list control (which the app puts
 * into the add-to-list slot).
 */
export { AddToListButton } from './components/add-to-list-button';
export { CreateListButton } from './components/create-list-button';
export { ListCards } from './components/list-cards';
