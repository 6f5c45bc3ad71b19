import type { HandlerMap } from './types.js';

export const postHandlers: HandlerMap = {};
