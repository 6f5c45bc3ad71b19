import { addAnonymousVote, removeAnonymousVote } from '../domain/votes.js';
import { isoMicros } from '../present/user.js';
import { ok, type HandlerMap } from './types.js';

export const voteHandlers: HandlerMap = {
  'votes.addAnonymous': ({ portal, params, now }) => {
    const vote = addAnonymousVote(portal, params.key, params.anonymous_id, now);
    // An anonymous vote has no voter account behind it.
    return ok({ data: { created_at: isoMicros(vote.created_at), voter: null } });
  },
  'votes.removeAnonymous': ({ portal, params, now }) => {
    removeAnonymousVote(portal, params.key, params.anonymous_id, now);
    return ok({});
  },
};
