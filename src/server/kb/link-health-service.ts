import type { LinkHealthResults, PostLinkHealth, ScanProgress } from '../../contract/schemas/knowledgebase.js';
import { NotFoundError } from '../domain/errors.js';
import type { Portal } from '../store/portal.js';
import type { TabRecord } from '../../seed-file/seed-file.js';
import {
  defaultLinkCache,
  type LinkCache,
  ownPortalLinks,
  ScanRegistry,
  type PortalPages,
  type PostHealth,
} from './link-health/index.js';

/** What scans share across requests; the app's services carry them (tests pass their own). */
export interface LinkHealthServices {
  /** Background link-health scans; defaults to one registry for the process. */
  scanRegistry?: ScanRegistry;
  /** URL check results shared by every scan; defaults to the process-wide `defaultLinkCache`. */
  linkCache?: LinkCache;
  /** Lets link-health fetch loopback, private, link-local and metadata addresses (`--allow-private-links`). */
  allowPrivateLinks?: boolean;
}

let processRegistry: ScanRegistry | undefined;

/** The registry of the process, created on first use with the shared link cache. */
function defaultScanRegistry(): ScanRegistry {
  processRegistry ??= new ScanRegistry({ defaults: { cache: defaultLinkCache } });
  return processRegistry;
}

function registryOf(services: LinkHealthServices): ScanRegistry {
  return services.scanRegistry ?? defaultScanRegistry();
}

/** Scans are keyed by the portal's guid, which stays distinct even when several stores share the process. */
const portalKey = (portal: Portal): string => portal.guid;

/** Starts a background scan of every article of the tab and answers its first progress record. */
export function startLinkScan(services: LinkHealthServices, portal: Portal, tab: TabRecord): ScanProgress {
  const registry = registryOf(services);
  const articles = portal.posts.inTab(tab.id).map((p) => ({
    key: p.key,
    title: p.title,
    body: p.description,
    editorType: portal.editor_type,
  }));
  const scanId = registry.start(tab.id, portalKey(portal), articles, {
    ownLinks: ownPortalLinks(portalPages(portal)),
    ...(services.linkCache && { cache: services.linkCache }),
    ...(services.allowPrivateLinks && { egress: { allowPrivate: true } }),
  });
  return registry.progress(scanId)!;
}

/** The pages a visitor can open on the portal, read once when a scan starts. */
function portalPages(portal: Portal): PortalPages {
  return {
    hosts: portal.hosts,
    tabs: portal.tabs.list(),
    sections: portal.sections.list(),
    posts: portal.posts.list().filter((p) => p.tab_id !== null && p.moderation_status === 'approved'),
  };
}

export function scanProgress(services: LinkHealthServices, portal: Portal, scanId: string): ScanProgress {
  const progress = registryOf(services).progress(scanId, portalKey(portal));
  if (progress === undefined) throw new NotFoundError('Scan not found.');
  return progress;
}

/** The latest completed scan of the tab, failed posts first; empty before any. */
export function linkResults(services: LinkHealthServices, portal: Portal, tab: TabRecord): LinkHealthResults {
  const latest = registryOf(services).latestScan(portalKey(portal), tab.id);
  return {
    tab_id: tab.id,
    scan_id: latest?.progress.scan_id ?? null,
    scanned_at: latest?.progress.finished_at ?? null,
    posts: (latest?.posts ?? []).map(presentPostHealth),
  };
}

function presentPostHealth(p: PostHealth): PostLinkHealth {
  return {
    post_id: p.post_key,
    title: p.title,
    healthy: p.healthy,
    links_total: p.links_total,
    links_failed: p.links_failed,
    links: p.links,
  };
}
