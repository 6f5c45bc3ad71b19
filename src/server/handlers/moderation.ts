import type { HandlerMap } from './types.js';

export const moderationHandlers: HandlerMap = {};
