import { categoryHandlers } from './categories.js';
import { portalHandlers } from './portal.js';
import type { HandlerMap } from './types.js';

/** Every operation's handler, keyed by operation name. */
export const allHandlers: HandlerMap = {
  ...portalHandlers,
  ...categoryHandlers,
};
