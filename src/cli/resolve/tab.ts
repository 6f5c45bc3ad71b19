import type { ApiClient } from '../../client/api-client.js';
import type { KeepNames } from '../framework/flags.js';
import { pickNamed } from './by-name.js';
import { listed, type Say } from './listed.js';

/** A tab's slug (what the API filters by) from its slug, name or id; as typed (`asTyped`) where the portal lists no tabs. */
export async function resolveTab(
  client: ApiClient,
  typed: string,
  keep?: KeepNames,
  say?: Say,
): Promise<{ slug: string; asTyped: boolean }> {
  const tabs = await listed(client, 'tabs', say, '--tab values are sent as typed (tab slugs)');
  if (!tabs) return { slug: typed, asTyped: true };
  await keep?.('tabs', tabs);
  const what = { kind: 'tab', flag: '--tab', plural: 'tabs' };
  return {
    slug: pickNamed(
      tabs,
      typed,
      what,
      (t) => [t.slug, t.name, String(t.id)],
      (t) => `${t.slug} (${t.name})`,
    ).slug,
    asTyped: false,
  };
}

/** A tab's integer id (what bodies take) from its id, slug or name. */
export async function resolveTabId(client: ApiClient, typed: string, flag = '--tab'): Promise<number> {
  if (/^\d+$/.test(typed)) return Number(typed);
  const { data: tabs } = await client.call('tabs.list', {});
  const what = { kind: 'tab', flag, plural: 'tabs' };
  return pickNamed(
    tabs,
    typed,
    what,
    (t) => [t.slug, t.name],
    (t) => `${t.slug} (${t.name})`,
  ).id;
}
