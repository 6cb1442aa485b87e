/** What other features may use of labels: the label read. */
export { labelQueryOptions } from './api';
