import type { HandlerMap } from './types.js';

export const referenceHandlers: HandlerMap = {};
