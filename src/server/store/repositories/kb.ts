import type { KbTab } from '../../../kb-archive/index.js';
import type { TabRecord } from '../../../seed-file/seed-file.js';
import type { PortalScope } from './portal-scope.js';

/** Where an id is used: the portal and the tab of the item holding it. */
export interface Holder {
  portal_id: number;
  tab_id: number | null;
}

/**
 * A knowledge-base tab as the archive modules see it (its sections, and its
 * posts as articles), and where the ids an archive carries are used elsewhere
 * in the store: post keys and section ids are unique across portals.
 */
export class KbRepository {
  constructor(private readonly scope: PortalScope) {}

  /** The tab's sections and articles (its posts, whatever their moderation state), read by index. */
  read(tab: TabRecord): KbTab {
    const { sql, portalId } = this.scope;
    const sections = sql.all<KbTab['sections'][number]>(
      'SELECT id, parent_id, slug, name, description, sort_order FROM sections WHERE portal_id = ? AND tab_id = ? ORDER BY row',
      [portalId, tab.id],
    );
    const articles = sql.all<KbTab['articles'][number]>(
      'SELECT key, section_id, slug, title, description AS body, sort_order FROM posts WHERE portal_id = ? AND tab_id = ? ORDER BY row',
      [portalId, tab.id],
    );
    return { id: tab.id, description: tab.description, sections, articles };
  }

  /** The portal and tab of every post with this key, in any portal (through each portal's unique index). */
  postsWithKey(key: string): Holder[] {
    return this.scope.sql.all<Holder>(
      'SELECT p.portal_id, p.tab_id FROM portals o JOIN posts p ON p.portal_id = o.id AND p.key = ? ORDER BY o.row',
      [key],
    );
  }

  /** The portal and tab of every section with this id, in any portal (through each portal's unique index). */
  sectionsWithId(id: number): Holder[] {
    return this.scope.sql.all<Holder>(
      'SELECT s.portal_id, s.tab_id FROM portals o JOIN sections s ON s.portal_id = o.id AND s.id = ? ORDER BY o.row',
      [id],
    );
  }
}
