import { categoryHandlers } from './categories.js';
import { commentHandlers } from './comments.js';
import { feedbackHandlers } from './feedback.js';
import { groupHandlers } from './groups.js';
import { knowledgebaseHandlers } from './knowledgebase.js';
import { moderationHandlers } from './moderation.js';
import { portalHandlers } from './portal.js';
import { postHandlers } from './posts.js';
import { referenceHandlers } from './references.js';
import { taxonomyHandlers } from './taxonomy.js';
import type { HandlerMap } from './types.js';
import { userHandlers } from './users.js';
import { voteHandlers } from './votes.js';
import { widgetHandlers } from './widgets.js';

/** Every operation's handler, keyed by operation name. */
export const allHandlers: HandlerMap = {
  ...portalHandlers,
  ...postHandlers,
  ...voteHandlers,
  ...categoryHandlers,
  ...commentHandlers,
  ...referenceHandlers,
  ...groupHandlers,
  ...feedbackHandlers,
  ...moderationHandlers,
  ...knowledgebaseHandlers,
  ...taxonomyHandlers,
  ...userHandlers,
  ...widgetHandlers,
};
