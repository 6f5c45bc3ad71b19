import {
  createFeedback,
  deleteFeedback,
  listFeedback,
  presentFeedback,
  summarizePortalFeedback,
  updateFeedback,
} from '../domain/feedback.js';
import { ok, type HandlerMap } from './types.js';

export const feedbackHandlers: HandlerMap = {
  'feedback.list': ({ portal }) => ok({ data: listFeedback(portal).map(presentFeedback) }),
  'feedback.create': ({ portal, body, now }) => ok({ data: presentFeedback(createFeedback(portal, body, now)) }),
  'feedback.update': ({ portal, params, body, now }) =>
    ok({ data: presentFeedback(updateFeedback(portal, params.id, body, now)) }),
  'feedback.delete': ({ portal, params }) => {
    deleteFeedback(portal, params.id);
    return ok({});
  },
  'feedback.summarize': ({ portal, body }) => ok({ data: summarizePortalFeedback(portal, body) }),
};
