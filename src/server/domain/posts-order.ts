import type { POST_ORDER_BY } from '../../contract/schemas/post.js';

export type PostOrderBy = (typeof POST_ORDER_BY)[number] | `cf_${number}`;
export type OrderDirection = 'asc' | 'desc';

export const DEFAULT_ORDER_BY: PostOrderBy = 'created_at';
export const DEFAULT_ORDER_DIRECTION: OrderDirection = 'desc';
