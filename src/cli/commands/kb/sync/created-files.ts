import type { SyncResult } from '../../../../contract/schemas/knowledgebase.js';

/** The file that carries each created item's id: the article's file, or the section folder's `_index.md`. */
export function createdFiles(result: SyncResult): Array<{ path: string; id: string | number }> {
  return [
    ...result.applied.sections.create.map((s) => ({ path: `${s.path.replace(/\/$/, '')}/_index.md`, id: s.id })),
    ...result.applied.articles.create.map((a) => ({ path: a.path, id: a.id })),
  ];
}
