import type { ApiClient } from '../../client/api-client.js';
import { pickNamed } from './by-name.js';
import { namedList } from './named-list.js';

/** A section's id from its id, slug or name; as typed (the API takes an id or a slug) where the portal lists no sections. */
export async function resolveSection(client: ApiClient, typed: string): Promise<string> {
  const sections = await namedList(client, 'sections');
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
