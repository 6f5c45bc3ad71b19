import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Post, postSchemas } from '../../contract/schemas/post.js';
import { UUID } from '../../contract/validation.js';
import { approvedCommentCount } from '../domain/posts-counts.js';
import { tabOfPost } from '../domain/posts-find.js';
import { plainText, postSummary } from '../domain/posts-text.js';
import type { PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { findUser, isoMicros, presentPostAuthor, type UserCounters } from './user.js';

export type PostMinimal = z.infer<ReturnType<typeof postSchemas>['PostMinimalSchema']>;

export const postUrl = (origin: string, post: PostRecord) => `${origin}/p/${encodeURIComponent(post.key)}`;

/** A name-based (version 3) UUID, so a post's `uid` is stable without being stored. */
function postUid(portal: Pick<Portal, 'guid'>, post: PostRecord): string {
  const namespace = UUID.test(portal.guid)
    ? Buffer.from(portal.guid.replace(/-/g, ''), 'hex')
    : Buffer.from(portal.guid, 'utf8');
  const hash = createHash('md5')
    .update(Buffer.concat([namespace, Buffer.from(post.key, 'utf8')]))
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x30;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** PHP's `M j, Y` in UTC, e.g. "Feb 1, 2026". */
function humanDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Votes per hundred views, two decimals; 0 for a post nobody has viewed. */
function conversionOf(post: PostRecord): number {
  return post.views_count > 0 ? Math.round((post.votes_count / post.views_count) * 10000) / 100 : 0;
}

/** The approved comment tagged for the changelog, if any. */
function changelogComment(portal: Portal, post: PostRecord): { comment: string } | undefined {
  const text = portal.posts.changelogText(post.key);
  return text === undefined ? undefined : { comment: text };
}

/** A post's status as a post shows it, with the name of the tab it belongs to. */
export function presentPostStatus(portal: Portal, post: PostRecord): Post['status'] {
  const status = post.status_id === null ? undefined : portal.statuses.get(post.status_id);
  if (!status) return null;
  const statusTab = status.tab_id == null ? tabOfPost(portal, post) : portal.tabs.get(status.tab_id);
  return { id: status.id, name: status.name, color: status.color, tab_name: statusTab?.name ?? '' };
}

export function presentPost(portal: Portal, post: PostRecord, origin: string, counters?: UserCounters): Post {
  const url = postUrl(origin, post);
  const changelog = changelogComment(portal, post);
  const summary = postSummary(post.description, portal.editor_type);
  return {
    id: post.key,
    uid: postUid(portal, post),
    title: post.title,
    description_short: summary.short,
    description: post.description,
    description_changelog: changelog?.comment ?? '',
    clean_description_changelog: changelog ? plainText(changelog.comment, portal.editor_type) : '',
    image_main: summary.image,
    votes_count: post.votes_count,
    comments_count: approvedCommentCount(portal, post),
    views_count: post.views_count,
    url,
    url_edit: `${url}/edit`,
    url_delete: `${url}/delete`,
    created_at: isoMicros(post.created_at),
    updated_at: isoMicros(post.updated_at),
    latest_status_change_at: isoMicros(post.latest_status_change_at),
    latest_status_change_at_formatted: humanDate(post.latest_status_change_at),
    author: presentPostAuthor(portal, findUser(portal, post.author_id), counters),
    categories: portal.categories.ofPost(post).map((c) => ({ id: c.id, name: c.name, color: c.color })),
    status: presentPostStatus(portal, post),
    section_id: post.section_id,
    moderation_status: post.moderation_status,
    conversion: conversionOf(post),
    prioritization_impact: 0,
    prioritization_confidence: 0,
    prioritization_ease: 0,
    prioritization_reach: 0,
  };
}

/** `format=minimal`: the identifying fields only. */
export function presentPostMinimal(portal: Portal, post: PostRecord, origin: string): PostMinimal {
  return {
    id: post.key,
    uid: postUid(portal, post),
    title: post.title,
    url: postUrl(origin, post),
    votes_count: post.votes_count,
    comments_count: approvedCommentCount(portal, post),
    created_at: isoMicros(post.created_at),
    moderation_status: post.moderation_status,
  };
}
