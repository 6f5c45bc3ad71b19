import type { ApiClient } from '../../client/api-client.js';
import type { Journal, JournalBase } from './journal.js';
import type {
  CategorySeed,
  GroupSeed,
  KbTabState,
  ProductVisionSeed,
  SectionSeed,
  SeenStatus,
  SnapshotPart,
  StatusSeed,
  TabSeed,
  WidgetSeed,
} from './records.js';
import type { UserBook } from './user-book.js';

/** What the list operations gave (D-SNAPSHOT-LISTED); a list the portal does not offer stays null. */
export interface ListedState {
  statuses: StatusSeed[] | null;
  tags: Array<{ id: string; name: string }> | null;
  tabs: TabSeed[] | null;
  sections: SectionSeed[] | null;
  users: boolean;
  /** D-WIDGETS, D-PRODUCT-VISION: absent from a journal begun before they were read. */
  widgets?: WidgetSeed[] | null;
  vision?: ProductVisionSeed | null;
  /** The lists the portal answered 404 for. */
  not_offered: string[];
}

/** The crawl's checkpointed state and what each step of it is given. */

export const PAGE_SIZE = 100;

interface PortalSettings {
  guid: string;
  title: string;
  localization: string;
  editor_type: 'wysiwyg' | 'markdown';
  jira_enabled: boolean;
  jira_sync_status: boolean;
  linear_enabled: boolean;
  jira_domain: string | null;
}

export interface Probe {
  tab?: string;
  platform?: string;
  skip: number;
  total: number | null;
  done: boolean;
}

/** The checkpoint: where each step of the crawl stands, and the small collections it found. */
export interface CrawlState extends JournalBase {
  version: 1;
  started_at: string;
  options: { include: SnapshotPart[]; kb_tabs: number[]; anonymize: boolean };
  /** Per-snapshot key of the pseudonyms when `--anonymize` has no salt given. */
  salt?: string;
  requests: number;
  portal?: PortalSettings;
  /** Statuses, tags, tabs, sections (and whether users) as their list operations gave them. */
  listed?: ListedState;
  categories?: CategorySeed[];
  groups?: GroupSeed[];
  kb: Record<string, KbTabState>;
  moderation_done: boolean;
  posts: { skip: number; total: number | null; done: boolean; without_status?: number };
  statuses: Record<string, SeenStatus>;
  probes: Probe[] | null;
  probes_done: boolean;
  comments: { offset: number; done: boolean; posts_read: number; written: number; skipped_posts: number };
  feedback_done: boolean;
  /** Comments the moderation queues show on posts that are not in the snapshot. */
  comments_outside: number;
}

export function freshState(options: CrawlState['options'], startedAt: Date): CrawlState {
  return {
    version: 1,
    complete: false,
    parts: {},
    started_at: startedAt.toISOString(),
    options,
    requests: 0,
    kb: {},
    moderation_done: false,
    posts: { skip: 0, total: null, done: false },
    statuses: {},
    probes: null,
    probes_done: false,
    comments: { offset: 0, done: false, posts_read: 0, written: 0, skipped_posts: 0 },
    feedback_done: false,
    comments_outside: 0,
  };
}

export interface CrawlProgress {
  step(label: string): void;
  /** Items written so far and, where known, requests still to come. */
  tick(items: number, remainingRequests?: number): void;
}

export interface CrawlContext {
  journal: Journal<CrawlState>;
  client: ApiClient;
  users: UserBook;
  progress: CrawlProgress;
  requests(): number;
  /** Where the export ZIPs are kept until the seed is written. */
  dir: string;
}

/** What every step is given besides the context: a checkpoint and the item counter. */
export interface StepKit {
  /** Commit the journal: at most once a second, or now when forced (every step ends with one). */
  checkpoint: (force?: boolean) => void;
  /** Count items written; `remaining` is the requests still to come, where known. */
  tick: (n?: number, remaining?: number) => void;
}

export const has = (s: CrawlState, part: SnapshotPart) => s.options.include.includes(part);
