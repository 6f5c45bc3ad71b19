import { createHash } from 'node:crypto';
import type { Author, PostAuthor, User } from '../../contract/schemas/user.js';
import type { PortalState, UserRecord } from '../store/state.js';

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

/** Counters of every user in one pass, for presenting many users or posts at once. */
export function userCounters(portal: PortalState): UserCounters {
  const comments = new Map<string, number>();
  const posts = new Map<string, number>();
  for (const c of portal.comments) comments.set(c.user_id, (comments.get(c.user_id) ?? 0) + 1);
  for (const p of portal.posts) posts.set(p.author_id, (posts.get(p.author_id) ?? 0) + 1);
  return (user) => ({
    counter_votes: 0,
    counter_comments: comments.get(user.id) ?? 0,
    counter_posts: posts.get(user.id) ?? 0,
    counter_comment_votes: 0,
  });
}

const avatar = (user: UserRecord) =>
  `https://www.gravatar.com/avatar/${createHash('md5').update(user.email.trim().toLowerCase()).digest('hex')}?s=64&d=identicon`;

export const profileUrl = (origin: string, user: UserRecord) => `${origin}/users/${user.database_id}`;

/** An author that no longer exists still renders, as the service shows deleted users. */
export function missingUser(id: string): UserRecord {
  return { id, database_id: 0, name: 'Deleted user', email: '', role: 'member', created_at: new Date(0).toISOString() };
}

export function findUser(portal: PortalState, id: string): UserRecord {
  return portal.users.find((u) => u.id === id) ?? missingUser(id);
}

export function presentAuthor(portal: PortalState, user: UserRecord, origin: string): Author {
  return {
    id: user.id,
    database_id: user.database_id,
    name: user.name,
    role: user.role,
    profile_url: profileUrl(origin, user),
    avatar_small_url: avatar(user),
  };
}

export function presentGroupUser(portal: PortalState, user: UserRecord, origin: string, counters = userCounters(portal)): User {
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

export function presentPostAuthor(portal: PortalState, user: UserRecord, counters = userCounters(portal)): PostAuthor {
  return { id: user.id, name: user.name, email: user.email, role: user.role, ...counters(user) };
}
