import type { ApiClient } from '../../client/api-client.js';
import type { KeepNames } from '../framework/flags.js';
import { pickNamed } from './by-name.js';
import { namedList } from './named-list.js';

/** A tab's slug (what the API filters by) from its slug, name or id; as typed where the portal lists no tabs. */
export async function resolveTab(client: ApiClient, typed: string, keep?: KeepNames): Promise<string> {
  const tabs = await namedList(client, 'tabs');
  if (!tabs) return typed;
  await keep?.('tabs', tabs);
  const what = { kind: 'tab', flag: '--tab', plural: 'tabs' };
  return pickNamed(tabs, typed, what, (t) => [t.slug, t.name, String(t.id)], (t) => `${t.slug} (${t.name})`).slug;
}
