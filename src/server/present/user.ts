import { createHash } from 'node:crypto';
import type { Author, PortalUser, PostAuthor, User } from '../../contract/schemas/user.js';
import type { UserRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';

/** Timestamps as the service prints them: ISO 8601 with microseconds and `Z`. */
export function isoMicros(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export type UserCounters = (user: UserRecord) => {
  counter_votes: number;
  counter_comments: number;
  counter_posts: number;
  counter_comment_votes: number;
};

/** A user's counters (comments and posts of every moderation state, votes cast, votes on their comments), as the store keeps them. */
export function userCounters(portal: Portal): UserCounters {
  return (user) => {
    const counts = portal.users.counts(user.id);
    return {
      counter_votes: counts.votes,
      counter_comments: counts.comments,
      counter_posts: counts.posts,
      counter_comment_votes: counts.commentVotes,
    };
  };
}

const avatar = (user: UserRecord) =>
  `https://www.gravatar.com/avatar/${createHash('md5').update(user.email.trim().toLowerCase()).digest('hex')}?s=64&d=identicon`;

const profileUrl = (origin: string, user: UserRecord) => `${origin}/users/${user.database_id}`;

/** An author that no longer exists still renders, as the service shows deleted users. */
function missingUser(id: string): UserRecord {
  return { id, database_id: 0, name: 'Deleted user', email: '', role: 'member', created_at: new Date(0).toISOString() };
}

export function findUser(portal: Portal, id: string): UserRecord {
  return portal.users.get(id) ?? missingUser(id);
}

export function presentAuthor(portal: Portal, user: UserRecord, origin: string): Author {
  return {
    id: user.id,
    database_id: user.database_id,
    name: user.name,
    role: user.role,
    profile_url: profileUrl(origin, user),
    avatar_small_url: avatar(user),
  };
}

export function presentGroupUser(
  portal: Portal,
  user: UserRecord,
  origin: string,
  counters = userCounters(portal),
): User {
  return {
    id: user.id,
    database_id: user.database_id,
    name: user.name,
    role: user.role,
    profile_url: profileUrl(origin, user),
    avatar_small_url: avatar(user),
    ...counters(user),
    created_at: isoMicros(user.created_at),
  };
}

export function presentPostAuthor(portal: Portal, user: UserRecord, counters = userCounters(portal)): PostAuthor {
  return { id: user.id, name: user.name, email: user.email, role: user.role, ...counters(user) };
}

/** A user as the user operations show one: the group-member record with the e-mail address. */
export function presentPortalUser(
  portal: Portal,
  user: UserRecord,
  origin: string,
  counters = userCounters(portal),
): PortalUser {
  return {
    ...presentGroupUser(portal, user, origin, counters),
    database_id: user.database_id,
    email: user.email,
    blocked: portal.users.isBlocked(user.id),
  };
}
