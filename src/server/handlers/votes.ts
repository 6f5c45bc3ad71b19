import type { HandlerMap } from './types.js';

export const voteHandlers: HandlerMap = {};
