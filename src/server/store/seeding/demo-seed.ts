/**
 * The built-in demo data set behind `fp server --seed demo`: `seed/demo.json` in
 * the package, a seed file (format 1) validated by the same schema as any
 * user-supplied seed.
 *
 * Everything in it is deterministic: UUIDs are name-based (version 5), post keys
 * are short hashes, every timestamp is a literal in 2026 (the expired API key
 * aside), and integer ids are unique across both portals, as a hosted database's
 * auto-increment ids would be.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPath } from './load-seed.js';
import { SeedFileSchema } from '../../../seed-file/seed-file.js';

/** The demo file's shape: a seed with every field spelled out (what the tests of the demo rely on). */
type DemoTabType = 'board' | 'roadmap' | 'changelog' | 'knowledge_base';
type DemoModerationStatus = 'pending' | 'approved' | 'rejected';

interface DemoApiKey {
  token: string;
  read_only: boolean;
  expires_at: string | null;
}

interface DemoUser {
  id: string;
  database_id: number;
  name: string;
  email: string;
  role: string;
  /** D-USER-FILTERS: customers carry a plan and segment values. */
  plan?: string;
  segments?: Record<string, string | number>;
}

interface DemoTab {
  id: number;
  slug: string;
  name: string;
  type: DemoTabType;
}

interface DemoSection {
  id: number;
  tab_id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  description: string;
}

interface DemoStatus {
  id: number;
  name: string;
  color: string;
  tab_id: number;
}

interface DemoTag {
  id: string;
  name: string;
}

interface DemoCategory {
  id: number;
  name: string;
  color: string;
  sort_order: number;
}

interface DemoGroup {
  id: string;
  name: string;
  description: string | null;
  user_ids: string[];
}

interface DemoPost {
  key: string;
  database_id: number;
  title: string;
  description: string;
  author_id: string;
  tab_id: number;
  section_id: number | null;
  status_id: number | null;
  category_ids: number[];
  tag_ids: string[];
  moderation_status: DemoModerationStatus;
  votes_count: number;
  views_count: number;
  platform: string | null;
  version: string | null;
  release: string | null;
  created_at: string;
}

interface DemoComment {
  id: number;
  post_key: string;
  user_id: string;
  comment: string;
  parent_id: number | null;
  moderation_status: DemoModerationStatus;
  pinned_to_top: boolean;
  tagged_for_changelog: boolean;
  created_at: string;
}

interface DemoFeedback {
  id: string;
  type: string;
  feedback: string;
  user_id: string;
  created_at: string;
}

interface DemoPortal {
  hosts: string[];
  default: boolean;
  guid: string;
  title: string;
  localization: string;
  editor_type: 'wysiwyg' | 'markdown';
  moderate_comments: boolean;
  api_keys: DemoApiKey[];
  users: DemoUser[];
  tabs: DemoTab[];
  sections: DemoSection[];
  statuses: DemoStatus[];
  tags: DemoTag[];
  categories: DemoCategory[];
  groups: DemoGroup[];
  posts: DemoPost[];
  comments: DemoComment[];
  feedback: DemoFeedback[];
  /** D-WIDGETS, D-PRODUCT-VISION: the first portal has widgets and a vision, the second none. */
  widgets?: Array<{
    id: string;
    name: string;
    type: string;
    tab_id: number | null;
    created_at: string;
    updated_at: string;
  }>;
  product_vision?: { id: number; title: string; content: string; created_at: string; updated_at: string };
}

/**
 * Seed-file format 1 with every optional field filled in, so a `DemoSeed` is also
 * a valid value of the looser seed-file type.
 */
export interface DemoSeed {
  portals: DemoPortal[];
}

/** `seed/demo.json` of the package, found from this module (in src/ or in the bundle under dist/). */
function demoSeedPath(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'seed', 'demo.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('seed/demo.json is missing from the fp package');
  }
}

let text: string | undefined;

/** The demo data set: a fresh, independent object on every call. */
export function demoSeed(): DemoSeed {
  text ??= readFileSync(demoSeedPath(), 'utf8');
  const raw = JSON.parse(text) as unknown;
  const parsed = SeedFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `seed/demo.json: ${parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; ')}`,
    );
  }
  // The file as written (every field is spelled out in it); the schema only vouches for it.
  return raw as DemoSeed;
}
