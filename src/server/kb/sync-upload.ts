import type { IncomingMessage } from 'node:http';
import { knowledgebaseSchemas, SYNC_MAX_KILOBYTES } from '../../contract/schemas/knowledgebase.js';
import { fieldErrors } from '../../contract/validation.js';
import { ValidationError } from '../domain/errors.js';
import { readMultipart, type MultipartForm } from '../http/read-multipart.js';
import type { TabRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { ArchiveError, readArchive, type ParsedArchive } from '../../kb-archive/index.js';
import { findKbTab } from './kb-tab.js';
import { extractLinks } from './link-health/extract-links.js';
import type { SyncConfirmations } from './sync-service.js';

const SYNC_MAX_FILE_BYTES = SYNC_MAX_KILOBYTES * 1024;

export interface SyncUpload {
  tab: TabRecord;
  archive: ParsedArchive;
  confirmations: SyncConfirmations;
}

export interface UploadTarget {
  req: IncomingMessage;
  portal: Portal;
  tmpDir?: string;
}

/**
 * Reads a sync upload (fields, then the archive) and hands it to `work`. The
 * temp file is gone when this settles, whatever the outcome. A refused body
 * throws its MultipartError, which the response path answers.
 */
export async function withSyncUpload<T>(target: UploadTarget, work: (upload: SyncUpload) => T): Promise<T> {
  const form = await readMultipart(target.req, { maxFileBytes: SYNC_MAX_FILE_BYTES, tmpDir: target.tmpDir });
  try {
    const { tab, confirmations, filePath } = validateForm(form, target.portal);
    const archive = await readArchive(filePath, {}, { editorType: target.portal.editor_type });
    checkLinkCounts(archive, target.portal.editor_type);
    return work({ tab, archive, confirmations });
  } catch (err) {
    // Reading and planning both refuse an archive by naming the entry.
    if (err instanceof ArchiveError) throw new ValidationError({ file: [err.message] }, err.message);
    throw err;
  } finally {
    await form.cleanup();
  }
}

/** Links one article may carry: each is a request of every link-health scan. */
const MAX_LINKS_PER_ARTICLE = 1000;

/**
 * The shortest text that makes a link: `http:x` (the URL parser reads it as
 * http://x/). Distinct links come from distinct stretches of the article, and
 * entities or whitespace only lengthen them, so an article of at most
 * MAX_LINKS_PER_ARTICLE × this many characters cannot hold too many links and
 * is not parsed for them.
 */
const SHORTEST_LINK_CHARS = 'http:x'.length;

function checkLinkCounts(archive: ParsedArchive, editorType: 'markdown' | 'wysiwyg'): void {
  for (const article of archive.articles) {
    if (article.body.length <= SHORTEST_LINK_CHARS * MAX_LINKS_PER_ARTICLE) continue;
    const count = extractLinks(article.body, editorType).length;
    if (count > MAX_LINKS_PER_ARTICLE) {
      throw new ArchiveError(
        article.path,
        `has ${count} links; at most ${MAX_LINKS_PER_ARTICLE} are allowed per article.`,
      );
    }
  }
}

/** All field problems at once, `file` first, as the service's validator reports them. */
function validateForm(
  form: MultipartForm,
  portal: Portal,
): { tab: TabRecord; confirmations: SyncConfirmations; filePath: string } {
  const errors: Record<string, string[]> = {};
  // A file part with no name and no content is what a form sends when no file was chosen.
  const file = form.file !== null && (form.file.filename !== '' || form.file.size > 0) ? form.file : null;
  if (file === null) errors.file = ['The file field is required.'];

  const parsed = knowledgebaseSchemas().SyncMultipartFieldsSchema.safeParse(form.fields);
  let tab: TabRecord | undefined;
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  if (parsed.success || !('tab_id' in errors)) {
    try {
      tab = findKbTab(portal, parsed.success ? parsed.data.tab_id : String(form.fields.tab_id));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.tab_id = err.errors.tab_id;
    }
  }
  if (!parsed.success || file === null || tab === undefined) throw new ValidationError(orderErrors(errors));
  return {
    tab,
    filePath: file.path,
    confirmations: {
      articles: parsed.data.delete_confirmed ?? [],
      sections: parsed.data.delete_sections_confirmed ?? [],
    },
  };
}

function orderErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const { file, tab_id, ...rest } = errors;
  return { ...(file && { file }), ...(tab_id && { tab_id }), ...rest };
}
