export * from './users';
export * from './catalogue';
export * from './entries';
export * from './follows';
export * from './lists';
export * from './comments';
export * from './submissions';
export * from './admin';
export { searchChanges } from './search-text';
