import type { SyncPlan as SyncPlanBody, SyncResult } from '../../contract/schemas/knowledgebase.js';
import {
  applySync,
  imageUrl,
  linkImages,
  planImages,
  planSync,
  type ApplyResult,
  type ArticleChange,
  type DeleteConfirmations,
  type ImageChange,
  type ImagePlan,
  type ParsedArchive,
  type PlanUpdate,
  type SectionChange,
  type SyncPlan,
} from '../../kb-archive/index.js';
import type { Portal } from '../store/portal.js';
import type { TabRecord } from '../../seed-file/seed-file.js';
import type { Store } from '../store/store.js';
import { articleAuthor, foreignOwnership, saveKbTab, storeIdSource, toKbTab } from './kb-tab.js';

export interface SyncConfirmations {
  /** Post keys or the posts' numeric ids. */
  articles: Array<string | number>;
  sections: number[];
}

/**
 * The archive as the tab would hold it: every relative link to one of its images
 * becomes the image's URL on the portal (`D-KB-IMAGES`), so that bodies are compared
 * and stored as the portal shows them.
 */
function linked(portal: Portal, tab: TabRecord, archive: ParsedArchive): ParsedArchive {
  return linkImages(archive, (image) => imageUrl(tab.id, image.key), portal.editor_type);
}

/** What syncing the archive into the tab would do; changes nothing. */
export function previewSync(portal: Portal, tab: TabRecord, archive: ParsedArchive): SyncPlanBody {
  const plan = planSync(toKbTab(portal, tab), linked(portal, tab, archive), foreignOwnership(portal, tab.id));
  const images = planImages(portal.kbImages.ofTab(tab.id), archive.images ?? []);
  return {
    ...presentPlan(plan, databaseIds(portal, tab)),
    images: presentImages(tab.id, images),
    instruction_files: [...(archive.instructionFiles ?? [])],
  };
}

/**
 * Applies creates and updates, and the deletions whose ids are confirmed, in
 * one transaction of the store: it reads the one tab, plans, and writes the
 * tab back, with no other request in between.
 */
export function executeSync(
  store: Store,
  portal: Portal,
  tab: TabRecord,
  archive: ParsedArchive,
  confirmations: SyncConfirmations,
  now: Date,
): SyncResult {
  return store.transaction(() => {
    const kbTab = toKbTab(portal, tab);
    const archiveAsStored = linked(portal, tab, archive);
    const plan = planSync(kbTab, archiveAsStored, foreignOwnership(portal, tab.id));
    if (plan.articles.create.length > 0) articleAuthor(portal); // refuse before anything is written
    const before = databaseIds(portal, tab);
    const confirmed = confirmedIds(portal, tab, confirmations);
    const result = applySync(kbTab, archiveAsStored, plan, confirmed, storeIdSource(portal));
    saveKbTab(portal, tab, result.tab, now, () => articleAuthor(portal));
    const images = saveImages(portal, tab, archive, now);
    const after = databaseIds(portal, tab);
    const body = presentResult(result, (key) => before.get(key) ?? after.get(key)!);
    const { create, update, delete: removed } = presentImages(tab.id, images);
    return { ...body, applied: { ...body.applied, images: { create, update, delete: removed } } };
  });
}

/** Adds and replaces the archive's images and removes those it no longer carries; the caller holds the transaction. */
function saveImages(portal: Portal, tab: TabRecord, archive: ParsedArchive, now: Date): ImagePlan {
  const plan = planImages(portal.kbImages.ofTab(tab.id), archive.images ?? []);
  const byKey = new Map((archive.images ?? []).map((i) => [i.key, i]));
  const at = now.toISOString();
  for (const { key } of [...plan.create, ...plan.update]) {
    const { contentType, sha256, data } = byKey.get(key)!;
    portal.kbImages.put(tab.id, { key, content_type: contentType, sha256, data }, at);
  }
  for (const { key } of plan.delete) portal.kbImages.delete(tab.id, key);
  return plan;
}

function presentImages(tabId: number, plan: ImagePlan) {
  const item = ({ key, path, content_type, bytes }: ImageChange) => ({
    path,
    url: imageUrl(tabId, key),
    content_type,
    bytes,
  });
  return {
    create: plan.create.map(item),
    update: plan.update.map(item),
    delete: plan.delete.map(item),
    unchanged: plan.unchanged.map(item),
  };
}

function confirmedIds(portal: Portal, tab: TabRecord, confirmations: SyncConfirmations): DeleteConfirmations {
  const posts = portal.posts.inTab(tab.id);
  // A number may be a database id, or a post key that happens to be all digits.
  const keys = confirmations.articles.flatMap((id) =>
    typeof id === 'string' ? [id] : posts.filter((p) => p.database_id === id || p.key === String(id)).map((p) => p.key),
  );
  return { articles: keys, sections: confirmations.sections };
}

function databaseIds(portal: Portal, tab: TabRecord): Map<string, number> {
  return new Map(portal.posts.inTab(tab.id).map((p) => [p.key, p.database_id]));
}

type DatabaseIdOf = (key: string) => number;

// Each item is copied field by field: the body carries exactly the contract's fields.
const createItem = ({ title, path }: { title: string; path: string }) => ({ id: null, title, path });
const sectionItem = ({ id, title, path }: { id: number; title: string; path: string }) => ({ id, title, path });
const sectionUpdate = ({ id, title, path, changes }: PlanUpdate<number, SectionChange>) => ({
  id,
  title,
  path,
  changes: [...changes],
});

function articleItem(databaseIdOf: DatabaseIdOf) {
  return ({ id, title, path }: { id: string; title: string; path: string }) => ({
    id,
    database_id: databaseIdOf(id),
    title,
    path,
  });
}

function articleUpdate(databaseIdOf: DatabaseIdOf) {
  return ({ id, title, path, changes }: PlanUpdate<string, ArticleChange>) => ({
    id,
    database_id: databaseIdOf(id),
    title,
    path,
    changes: [...changes],
  });
}

function presentPlan(plan: SyncPlan, ids: Map<string, number>): SyncPlanBody {
  const databaseIdOf = (key: string) => ids.get(key)!;
  return {
    tab: { changes: [...plan.tab.changes] },
    sections: {
      create: plan.sections.create.map(createItem),
      update: plan.sections.update.map(sectionUpdate),
      delete: plan.sections.delete.map(sectionItem),
      unchanged: plan.sections.unchanged.map(sectionItem),
    },
    articles: {
      create: plan.articles.create.map(createItem),
      update: plan.articles.update.map(articleUpdate(databaseIdOf)),
      delete: plan.articles.delete.map(articleItem(databaseIdOf)),
      unchanged: plan.articles.unchanged.map(articleItem(databaseIdOf)),
    },
    summary: { ...plan.summary },
  };
}

function presentResult({ applied, skipped }: ApplyResult, databaseIdOf: DatabaseIdOf): SyncResult {
  const sections = {
    create: applied.sections.create.map(sectionItem),
    update: applied.sections.update.map(sectionUpdate),
    delete: applied.sections.delete.map(sectionItem),
  };
  const articles = {
    create: applied.articles.create.map(articleItem(databaseIdOf)),
    update: applied.articles.update.map(articleUpdate(databaseIdOf)),
    delete: applied.articles.delete.map(articleItem(databaseIdOf)),
  };
  const skippedItems = {
    sections: skipped.sections.map(sectionItem),
    articles: skipped.articles.map(articleItem(databaseIdOf)),
  };
  return {
    applied: { tab: { changes: [...applied.tab.changes] }, sections, articles },
    skipped: skippedItems,
    summary: {
      created: sections.create.length + articles.create.length,
      updated: sections.update.length + articles.update.length + (applied.tab.changes.length > 0 ? 1 : 0),
      deleted: sections.delete.length + articles.delete.length,
      skipped: skippedItems.sections.length + skippedItems.articles.length,
    },
  };
}
