import { findKbTab } from '../kb/kb-tab.js';
import { linkResults, scanProgress, startLinkScan } from '../kb/link-health-service.js';
import { tabArchive } from '../kb/tab-archive.js';
import { executeSync, previewSync } from '../kb/sync-service.js';
import { withSyncUpload } from '../kb/sync-upload.js';
import { ok, type HandlerContext, type HandlerMap, type HandlerResult } from './types.js';

async function syncUpload(
  ctx: HandlerContext<'knowledgebase.preview' | 'knowledgebase.execute'>,
  work: Parameters<typeof withSyncUpload>[1],
): Promise<HandlerResult> {
  const { req, portal, services } = ctx;
  return ok({ data: await withSyncUpload({ req, portal, tmpDir: services.uploadTmpDir }, work) });
}

export const knowledgebaseHandlers: HandlerMap = {
  'knowledgebase.scanLinks': ({ portal, body, services }) =>
    ok({ data: startLinkScan(services, portal, findKbTab(portal, body.tab_id)) }),

  'knowledgebase.scanProgress': ({ portal, params, services }) =>
    ok({ data: scanProgress(services, portal, params.scanId) }),

  'knowledgebase.linkResults': ({ portal, params, services }) =>
    ok({ data: linkResults(services, portal, findKbTab(portal, params.tabId)) }),

  'knowledgebase.export': ({ portal, query }) => ({ download: tabArchive(portal, findKbTab(portal, query.tab_id)) }),

  'knowledgebase.preview': (ctx) => syncUpload(ctx, ({ tab, archive }) => previewSync(ctx.portal, tab, archive)),

  'knowledgebase.execute': (ctx) =>
    syncUpload(ctx, ({ tab, archive, confirmations }) =>
      executeSync(ctx.store, ctx.portal, tab, archive, confirmations, ctx.now),
    ),
};
