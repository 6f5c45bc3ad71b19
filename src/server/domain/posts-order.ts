import type { POST_ORDER_BY } from '../../contract/schemas/post.js';
import { ORDER_BY_NAMES_WITH_FIELD } from '../store/repositories/post-list-query.js';

export type PostOrderBy = (typeof POST_ORDER_BY)[number] | `cf_${number}`;
export type OrderDirection = 'asc' | 'desc';

export const DEFAULT_ORDER_BY: PostOrderBy = 'created_at';
export const DEFAULT_ORDER_DIRECTION: OrderDirection = 'desc';

/**
 * The order_by names that sort on a field of the reference data. The others
 * (revenue, priorities, custom fields, tracker keys, …) sort as equal, so the
 * ascending id tie-break alone decides. NULL sorts first ascending and strings
 * compare without regard to case, as MySQL with a `_ci` collation does.
 */
export function orderByNamesWithField(): string[] {
  return [...ORDER_BY_NAMES_WITH_FIELD];
}
