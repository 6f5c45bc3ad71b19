import { createHash } from 'node:crypto';
import type { Author, PostAuthor, User } from '../../contract/schemas/user.js';
import type { PortalState, UserRecord } from '../store/state.js';

/** Timestamps as the service prints them: ISO 8601 with microseconds and `Z`. */
export function isoMicros(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function counters(portal: PortalState, user: UserRecord) {
  return {
    counter_votes: 0,
    counter_comments: portal.comments.filter((c) => c.user_id === user.id).length,
    counter_posts: portal.posts.filter((p) => p.author_id === user.id).length,
    counter_comment_votes: 0,
  };
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

export function presentGroupUser(portal: PortalState, user: UserRecord, origin: string): User {
  return {
    id: user.id,
    database_id: user.database_id,
    name: user.name,
    role: user.role,
    profile_url: profileUrl(origin, user),
    avatar_small_url: avatar(user),
    ...counters(portal, user),
    created_at: isoMicros(user.created_at),
  };
}

export function presentPostAuthor(portal: PortalState, user: UserRecord): PostAuthor {
  return { id: user.id, name: user.name, email: user.email, role: user.role, ...counters(portal, user) };
}
