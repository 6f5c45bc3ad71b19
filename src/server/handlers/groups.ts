import type { HandlerMap } from './types.js';

export const groupHandlers: HandlerMap = {};
