// The catalogue half of the visibility rule, where the release lists import it from.
export { isVisible, isVisibleAsIndexed } from '../../db/visibility';
