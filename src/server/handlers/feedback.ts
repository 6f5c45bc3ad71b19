import {
  createFeedback,
  deleteFeedback,
  listFeedback,
  summarizePortalFeedback,
  updateFeedback,
} from '../domain/feedback.js';
import { presentFeedback } from '../present/feedback.js';
import { ok, type HandlerContext, type HandlerMap } from './types.js';

/** PUT, and PATCH as the hosted service also takes it: one operation. */
const update = ({ portal, params, body, now }: HandlerContext<'feedback.update' | 'feedback.updatePatch'>) =>
  ok({ data: presentFeedback(updateFeedback(portal, params.id, body, now)) });

export const feedbackHandlers: HandlerMap = {
  'feedback.list': ({ portal }) => ok({ data: listFeedback(portal).map(presentFeedback) }),
  'feedback.create': ({ portal, body, now }) => ok({ data: presentFeedback(createFeedback(portal, body, now)) }),
  'feedback.update': update,
  'feedback.updatePatch': update,
  'feedback.delete': ({ portal, params }) => {
    deleteFeedback(portal, params.id);
    return ok({});
  },
  'feedback.summarize': ({ portal, body }) => ok({ data: summarizePortalFeedback(portal, body) }),
};
