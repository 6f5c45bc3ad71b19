import { addUserVote, listUserVotes, removeUserVote } from '../domain/user-votes.js';
import { addAnonymousVote, removeAnonymousVote } from '../domain/votes.js';
import { findUser, isoMicros, presentPortalUser, userCounters } from '../present/user.js';
import type { Portal } from '../store/portal.js';
import type { UserVoteRecord } from '../../seed-file/seed-file.js';
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
  'votes.list': ({ portal, params, origin }) => {
    const counters = userCounters(portal);
    return ok({ data: listUserVotes(portal, params.key).map((v) => presentUserVote(portal, v, origin, counters)) });
  },
  'votes.add': ({ portal, params, now, origin }) =>
    ok({ data: presentUserVote(portal, addUserVote(portal, params.key, params.user, now), origin) }),
  'votes.remove': ({ portal, params, now }) => {
    removeUserVote(portal, params.key, params.user, now);
    return ok({});
  },
};

/** A user's vote as the webhook's `vote` object shows one: its id, when, and the voter. */
function presentUserVote(portal: Portal, vote: UserVoteRecord, origin: string, counters = userCounters(portal)) {
  return {
    id: vote.id,
    created_at: isoMicros(vote.created_at),
    voter: presentPortalUser(portal, findUser(portal, vote.user_id), origin, counters),
  };
}
