import { isIP } from 'node:net';
import type { LinkCheck } from './types.js';

/** What a portal's own pages are: enough to answer a link to one of them without a request. */
export interface PortalPages {
  hosts: readonly string[];
  tabs: readonly { id: number; slug: string }[];
  sections: readonly { id: number; tab_id: number; slug: string }[];
  /** Only the posts a visitor can open (approved ones). */
  posts: readonly { key: string; slug?: string | null; tab_id: number | null; section_id: number | null }[];
}

/** The check of a link to the portal itself, or undefined for a link elsewhere. */
export type OwnLinkCheck = (url: string) => LinkCheck | undefined;

const NOT_A_PAGE = 'not a page of this portal';

/**
 * Links between articles of one portal are answered from the portal's own data, with no
 * request (D-LINK-OWN-PORTAL): `/{tab}`, `/{tab}/{section}`, `/{tab}/{section}/{article-slug}`,
 * `/{tab}/p/{key}` and `/p/{key}` are pages when what they name exists. Only the portal's host
 * names count: an IP address or `localhost` names the machine, not the portal.
 */
export function ownPortalLinks(pages: PortalPages, now: () => number = Date.now): OwnLinkCheck {
  const names = new Set(pages.hosts.map((h) => h.toLowerCase()).filter((h) => h !== 'localhost' && !isIP(h)));
  const exists = pageIndex(pages);
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (!names.has(parsed.hostname.toLowerCase())) return undefined;
    const found = exists(pathSegments(parsed.pathname));
    return {
      url,
      ok: found,
      status: found ? 200 : 404,
      error: found ? null : NOT_A_PAGE,
      final_url: url,
      redirects: 0,
      checked_at: new Date(now()).toISOString(),
    };
  };
}

function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

function pageIndex(pages: PortalPages): (segments: string[]) => boolean {
  const tabs = new Map(pages.tabs.map((t) => [t.slug, t.id]));
  const sections = new Map(pages.sections.map((s) => [`${s.tab_id}/${s.slug}`, s.id]));
  const keys = new Map(pages.posts.map((p) => [p.key, p.tab_id]));
  const slugs = new Set(pages.posts.filter((p) => p.slug).map((p) => `${p.section_id}/${p.slug}`));
  return (segments) => {
    const [first, second, third] = segments;
    if (segments.length === 0) return true;
    if (segments.length === 2 && first === 'p') return keys.has(second);
    const tab = tabs.get(first);
    if (tab === undefined || segments.length > 3) return false;
    if (segments.length === 1) return true;
    if (segments.length === 3 && second === 'p') return keys.get(third) === tab;
    const section = sections.get(`${tab}/${second}`);
    if (section === undefined) return false;
    return segments.length === 2 || slugs.has(`${section}/${third}`);
  };
}
