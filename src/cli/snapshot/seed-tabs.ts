import type { CrawlState } from './crawl.js';
import { guessSlug, guessTabType, nameFromSlug, numberAround } from './reconstruct.js';
import type { PostLine, TabSeed } from './records.js';

/** Where the filter probes found a post listed: a tab slug, a platform. */
export type Membership = Map<string, { tab?: string; platform?: string }>;

/**
 * The tabs of the seed. Those the tab list gave, and knowledge-base tabs, keep their ids; tabs
 * only a status names are numbered around them, and so is the one placeholder for sections
 * whose tab is unknown.
 */
export class SeedTabs {
  readonly list: TabSeed[];
  /** Tab name (as statuses show it) → id. */
  readonly byName: Map<string, number>;
  /** The ids known before any placeholder: what a listed status or section may point at. */
  readonly known: Set<number>;
  /** The placeholder tab, once something needed it. */
  unknown: number | undefined;
  private readonly bySlug: Map<string, number>;
  private readonly nextId: () => number;

  constructor(
    s: CrawlState,
    private readonly membership: Membership,
  ) {
    this.list = [...(s.listed?.tabs ?? [])];
    for (const t of Object.values(s.kb)) {
      if (this.list.some((listed) => listed.id === t.id)) continue;
      const name = nameFromSlug(t.slug);
      this.list.push({ id: t.id, slug: t.slug, name, type: 'knowledge_base', description: t.description });
    }
    this.nextId = numberAround(new Set(this.list.map((t) => t.id)));
    this.byName = new Map(s.listed?.tabs?.map((t) => [t.name, t.id]));
    this.bySlug = new Map(this.list.map((t) => [t.slug, t.id]));
    const statusTabs = new Set(Object.values(s.statuses).map((st) => st.tab_name));
    for (const name of [...statusTabs].filter(Boolean).sort()) this.addNamed(name);
    this.known = new Set(this.list.map((t) => t.id));
  }

  /** A tab only a status's `tab_name` shows: its slug guessed, or the knowledge-base tab of that slug. */
  private addNamed(name: string): void {
    if (this.byName.has(name)) return;
    let slug = guessSlug(name);
    while (this.bySlug.has(slug) && !this.list.some((t) => t.slug === slug && t.name === name)) slug += '-2';
    const existing = this.bySlug.get(slug);
    if (existing !== undefined && this.list.find((t) => t.id === existing)?.type === 'knowledge_base') {
      this.byName.set(name, existing);
      return;
    }
    const id = this.nextId();
    this.list.push({ id, slug, name, type: guessTabType(name) });
    this.byName.set(name, id);
    this.bySlug.set(slug, id);
  }

  /** The tab "unknown-tab", added the first time a section needs it. */
  placeholder(): number {
    if (this.unknown === undefined) {
      this.unknown = this.nextId();
      this.list.push({ id: this.unknown, slug: 'unknown-tab', name: 'Unknown tab', type: 'board' });
    }
    return this.unknown;
  }

  /** A post's tab: its own, else its status's, else the tab whose filter listed it. */
  of(line: PostLine): number | null {
    if (line.post.tab_id != null) return line.post.tab_id;
    if (line.status_tab && this.byName.has(line.status_tab)) return this.byName.get(line.status_tab)!;
    const probed = this.membership.get(line.post.key)?.tab;
    return probed !== undefined ? (this.bySlug.get(probed) ?? null) : null;
  }
}
