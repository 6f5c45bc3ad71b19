import type { ApiClient } from '../../client/api-client.js';
import { UsageError } from '../errors.js';
import type { KeepNames } from '../framework/flags.js';
import { parsePositiveInteger } from '../parse.js';
import { pickNamed } from './by-name.js';
import { listed, type Say } from './listed.js';

const KNOWLEDGE_BASE = 'knowledge_base';

/** A knowledge-base tab as typed: digits are its id (checked now), anything else a slug or name resolved before the run. */
export function parseTabIdOrName(value: string): number | string {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? parsePositiveInteger(trimmed) : trimmed;
}

/**
 * The id of a knowledge-base tab from its id, slug or name. Ids are sent without a lookup;
 * names come from the tab list (D-TAB-LIST), and only knowledge-base tabs count.
 * Where no list answers (a portal without it) a name is a usage error.
 */
export async function resolveKbTab(
  client: () => Promise<ApiClient>,
  typed: number | string,
  flag: string,
  keep?: KeepNames,
  say?: Say,
): Promise<number> {
  if (typeof typed === 'number') return typed;
  const tabs = await listed(await client(), 'tabs', say, 'a knowledge-base tab is given by its id');
  if (!tabs)
    throw new UsageError(`${flag} "${typed}": this portal lists no tab names; give the knowledge-base tab's id`);
  const kb = tabs.filter((t) => t.type === KNOWLEDGE_BASE);
  await keep?.('tabs', tabs);
  await keep?.('kb-tabs', kb);
  const other = tabs.find(
    (t) => t.type !== KNOWLEDGE_BASE && [t.slug, t.name].some((k) => k.toLowerCase() === typed.toLowerCase()),
  );
  if (other && !kb.some((t) => [t.slug, t.name].some((k) => k.toLowerCase() === typed.toLowerCase()))) {
    throw new UsageError(
      `${flag} "${typed}" is a ${other.type.replace(/_/g, ' ')} tab, not a knowledge-base tab; ${validKbTabs(kb)}`,
    );
  }
  const what = { kind: 'knowledge-base tab', flag, plural: 'knowledge-base tabs' };
  return pickNamed(kb, typed, what, (t) => [t.slug, t.name], label).id;
}

const label = (t: { id: number; slug: string; name: string }) => `${t.slug} (${t.name}, id ${t.id})`;

const validKbTabs = (kb: ReadonlyArray<{ id: number; slug: string; name: string }>) =>
  kb.length ? `valid knowledge-base tabs: ${kb.map(label).sort().join(', ')}` : 'the portal has no knowledge-base tabs';

/**
 * Why the portal refused a tab id sent as typed (`The selected tab id is invalid.`), as the
 * name lookups say it: `tab 1 (Feedback) is a board tab, not a knowledge-base tab; valid …`.
 */
export async function explainKbTab(typed: unknown, client: () => Promise<ApiClient>): Promise<string | undefined> {
  if (typeof typed !== 'number') return undefined;
  const tabs = await listed(await client(), 'tabs');
  if (!tabs) return undefined;
  const kb = tabs.filter((t) => t.type === KNOWLEDGE_BASE);
  const tab = tabs.find((t) => t.id === typed);
  if (!tab) return `no tab has the id ${typed}; ${validKbTabs(kb)}`;
  if (tab.type === KNOWLEDGE_BASE) return undefined;
  return `tab ${typed} (${tab.name}) is a ${tab.type.replace(/_/g, ' ')} tab, not a knowledge-base tab; ${validKbTabs(kb)}`;
}
