import type { ApiClient } from '../../client/api-client.js';
import { pickNamed } from './by-name.js';
import { listed, type Say } from './listed.js';

/** A section's id from its id, slug or name; as typed (the API takes an id or a slug) where the portal lists no sections. */
export async function resolveSection(client: ApiClient, typed: string, say?: Say): Promise<string> {
  if (/^\d+$/.test(typed)) return typed;
  const sections = await listed(client, 'sections', say, '--section values are sent as typed (id or slug)');
  if (!sections) return typed;
  const what = { kind: 'section', flag: '--section', plural: 'sections' };
  return pickNamed(
    sections,
    typed,
    what,
    (s) => [String(s.id), s.slug, s.name],
    (s) => `${s.slug} (${s.name})`,
  ).id.toString();
}
