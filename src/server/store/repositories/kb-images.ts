import type { StoredImage } from '../../../kb-archive/index.js';
import { insertRow, KB_IMAGES, updateRow, type KbImageRecord } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** What an image is written with: its bytes, their type (judged by content) and hash. */
export interface KbImageContent {
  key: string;
  content_type: string;
  sha256: string;
  data: Buffer;
}

/** The images of a portal's knowledge-base tabs, one per tab and key (`D-KB-IMAGES`). */
export class KbImageRepository {
  constructor(private readonly scope: PortalScope) {}

  /** The tab's images without their bytes, by key. */
  ofTab(tabId: number): StoredImage[] {
    const { sql, portalId } = this.scope;
    return sql.all<StoredImage>(
      'SELECT key, content_type, sha256, size FROM kb_images WHERE portal_id = ? AND tab_id = ? ORDER BY key',
      [portalId, tabId],
    );
  }

  /** The tab's images with their bytes, by key (an export writes them all). */
  withDataOfTab(tabId: number): KbImageRecord[] {
    return this.scope.list(KB_IMAGES, 'tab_id = ?', [tabId], 'key');
  }

  get(tabId: number, key: string): KbImageRecord | undefined {
    return this.scope.first(KB_IMAGES, 'tab_id = ? AND key = ?', [tabId, key]);
  }

  /** Adds the image, or replaces the bytes kept under its key. */
  put(tabId: number, image: KbImageContent, at: string): void {
    const content = { ...image, size: image.data.length, updated_at: at };
    const changed = updateRow(
      this.scope.sql,
      KB_IMAGES,
      this.scope.portalId,
      { tab_id: tabId, key: image.key },
      content,
    );
    if (changed === 0)
      insertRow(this.scope.sql, KB_IMAGES, this.scope.portalId, { ...content, tab_id: tabId, created_at: at });
  }

  delete(tabId: number, key: string): void {
    this.scope.sql.run('DELETE FROM kb_images WHERE portal_id = ? AND tab_id = ? AND key = ?', [
      this.scope.portalId,
      tabId,
      key,
    ]);
  }
}
