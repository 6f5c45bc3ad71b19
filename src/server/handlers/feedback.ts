import type { HandlerMap } from './types.js';

export const feedbackHandlers: HandlerMap = {};
