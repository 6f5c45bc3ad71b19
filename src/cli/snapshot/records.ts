import type { SeedFile } from '../../seed-file/seed-file.js';

/** Seed-file format 1 records (as `fp server --seed` reads them). */
type PortalSeed = SeedFile['portals'][number];
export type UserSeed = NonNullable<PortalSeed['users']>[number];
export type TabSeed = NonNullable<PortalSeed['tabs']>[number];
export type SectionSeed = NonNullable<PortalSeed['sections']>[number];
export type StatusSeed = NonNullable<PortalSeed['statuses']>[number];
export type CategorySeed = NonNullable<PortalSeed['categories']>[number];
export type GroupSeed = NonNullable<PortalSeed['groups']>[number];
export type PostSeed = NonNullable<PortalSeed['posts']>[number];
export type CommentSeed = NonNullable<PortalSeed['comments']>[number];
export type FeedbackSeed = NonNullable<PortalSeed['feedback']>[number];
export type WidgetSeed = NonNullable<PortalSeed['widgets']>[number];
export type ProductVisionSeed = NonNullable<PortalSeed['product_vision']>;

/** What can be left out of a snapshot with `--include`. */
export const SNAPSHOT_PARTS = ['posts', 'comments', 'categories', 'groups', 'feedback', 'moderation', 'kb'] as const;
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number];

/** Part files of the journal. */
export const PART = {
  posts: 'posts.ndjson',
  comments: 'comments.ndjson',
  users: 'users.ndjson',
  feedback: 'feedback.ndjson',
  /** Which tab or platform lists a post (filter probes). */
  membership: 'membership.ndjson',
  /** Comments seen in the moderation queues: which posts to read comments of, and who moderated them. */
  moderatedComments: 'moderated-comments.ndjson',
} as const;

/** A post as the crawl keeps it: the seed record plus what only the crawl needs. */
export interface PostLine {
  post: PostSeed;
  /** Approved comments as the list counts them (null when the post came from a moderation queue). */
  comments_count: number | null;
  /** The tab the status names (`status.tab_name`), resolved to an id when the seed is written. */
  status_tab?: string;
}

export interface MembershipLine {
  key: string;
  tab?: string;
  platform?: string;
}

export interface ModeratedCommentLine {
  id: number;
  post_key: string;
  moderated_by: string | null;
  moderated_at: string | null;
}

/** A status as posts show it. */
export interface SeenStatus {
  id: number;
  name: string;
  color: string;
  tab_name: string;
}

/** A knowledge-base tab read through `--kb-tab`. */
export interface KbTabState {
  id: number;
  slug: string;
  description: string;
  sections: SectionSeed[];
  /** Posts of the tab's list already written (skip cursor). */
  listed: number;
  done: boolean;
  /** Articles the list does not show (pending or rejected), completed from the moderation queues. */
  unlisted: Array<{
    key: string;
    title: string;
    body: string;
    section_id: number | null;
    slug: string;
    sort_order: number | null;
  }>;
}
