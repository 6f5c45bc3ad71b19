// The knowledge-base content these modules work on. The store adapts its own
// records to these shapes; nothing here knows about HTTP or persistence.

import type { ImageType } from './image-type.js';

export interface KbSection {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string;
  sort_order: number;
}

export interface KbArticle {
  /** The post key. */
  key: string;
  section_id: number | null;
  slug: string;
  title: string;
  body: string;
  sort_order: number;
}

export interface KbTab {
  id: number;
  description: string;
  sections: KbSection[];
  articles: KbArticle[];
}

export interface ParsedSection {
  /** Folder path inside the archive, e.g. `features/advanced`. */
  path: string;
  id: number | null;
  name: string;
  sort_order: number | null;
  description: string;
  parentPath: string | null;
}

export interface ParsedArticle {
  /** File path inside the archive, e.g. `features/advanced/api-reference.md`. */
  path: string;
  id: string | null;
  title: string;
  sort_order: number | null;
  body: string;
  sectionPath: string | null;
}

/** An image the archive carries (under `images/`, or linked as an image from a body). */
export interface ParsedImage {
  /** The entry in the archive. */
  path: string;
  /** What the tab keeps it under (see `imageKeyOf`). */
  key: string;
  /** Judged by its first bytes. */
  contentType: ImageType;
  /** sha256 of the bytes, hex. */
  sha256: string;
  data: Buffer;
}

export interface ParsedArchive {
  rootDescription: string | null;
  /** Sorted by path, so a parent always comes before its children. */
  sections: ParsedSection[];
  /** Sorted by path. */
  articles: ParsedArticle[];
  /** Sorted by key (one key may come from two entries with the same bytes); none when not read for images. */
  images?: ParsedImage[];
  /** AI instruction files of the archive, sorted by path: never articles, left alone. */
  instructionFiles?: string[];
}

export interface ArchiveLimits {
  maxEntries?: number;
  maxEntryBytes?: number;
  maxTotalBytes?: number;
}

export type SectionChange = 'name' | 'description' | 'order' | 'parent';
export type ArticleChange = 'title' | 'body' | 'section' | 'order';
type SyncChange = SectionChange | ArticleChange;

interface PlanCreate {
  id: null;
  /** Section name or article title. */
  title: string;
  path: string;
}

export interface PlanUpdate<Id, Change extends SyncChange> {
  id: Id;
  title: string;
  path: string;
  changes: Change[];
}

export interface PlanDelete<Id> {
  id: Id;
  title: string;
  /** Where an export of the current tab puts the item. */
  path: string;
}

/** An item the archive carries as the tab has it: `path` is its entry in the archive. */
interface PlanUnchanged<Id> {
  id: Id;
  title: string;
  path: string;
}

interface KindPlan<Id, Change extends SyncChange> {
  create: PlanCreate[];
  update: Array<PlanUpdate<Id, Change>>;
  delete: Array<PlanDelete<Id>>;
  unchanged: Array<PlanUnchanged<Id>>;
}

export interface SyncPlan {
  /** The tab's own description, from the root `_index.md`. */
  tab: { changes: Array<'description'> };
  sections: KindPlan<number, SectionChange>;
  articles: KindPlan<string, ArticleChange>;
  summary: { create: number; update: number; delete: number };
}

export interface AppliedCreate<Id> {
  id: Id;
  title: string;
  path: string;
}

interface AppliedKind<Id, Change extends SyncChange> {
  create: Array<AppliedCreate<Id>>;
  update: Array<PlanUpdate<Id, Change>>;
  delete: Array<PlanDelete<Id>>;
}

export interface ApplyResult {
  tab: KbTab;
  applied: {
    tab: { changes: Array<'description'> };
    sections: AppliedKind<number, SectionChange>;
    articles: AppliedKind<string, ArticleChange>;
  };
  /** Deletion candidates whose ids were not confirmed. */
  skipped: {
    sections: Array<PlanDelete<number>>;
    articles: Array<PlanDelete<string>>;
  };
}

/** An image the tab keeps. */
export interface StoredImage {
  key: string;
  content_type: string;
  sha256: string;
  size: number;
}

/** One image of an image plan: `path` is its archive entry (for a removal: where an export puts it). */
export interface ImageChange {
  key: string;
  path: string;
  content_type: string;
  bytes: number;
}

/** What a sync does to the tab's images: added, changed (other bytes under the same key), removed. */
export interface ImagePlan {
  create: ImageChange[];
  update: ImageChange[];
  delete: ImageChange[];
  unchanged: ImageChange[];
}
