import type { HandlerMap } from './types.js';

export const commentHandlers: HandlerMap = {};
