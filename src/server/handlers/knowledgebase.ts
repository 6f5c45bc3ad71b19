import type { HandlerMap } from './types.js';

export const knowledgebaseHandlers: HandlerMap = {};
