import { slugify } from '../../seed-file/derived-fields.js';
import type { Portal } from '../store/portal.js';

/** Labels of the keys the identify call names; other keys are labelled from their words. */
const KNOWN_LABELS: Readonly<Record<string, string>> = { mrr: 'MRR', arr: 'ARR', ltv: 'LTV' };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `segment_1` → `Segment 1`, `company` → `Company`. */
function labelOf(key: string): string {
  const known = KNOWN_LABELS[key.toLowerCase()];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** U10 (D-USER-FILTERS): the portal's groups as filter options, by name. */
export function groupFilters(portal: Portal): Array<{ id: string; name: string }> {
  return portal.groups
    .list()
    .map((g) => ({ id: g.id, name: g.name }))
    .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id));
}

/** U11 (D-USER-FILTERS): the plans the users are on, each once by name; the id is the plan's slug. */
export function planTypes(portal: Portal): Array<{ id: string; name: string }> {
  return portal.users
    .plans()
    .sort(byText)
    .map((name) => ({ id: slugify(name), name }));
}

/** U12 (D-USER-FILTERS): the segment keys in use, by key; `number` when every value of the key is a number. */
export function segmentKeys(portal: Portal): Array<{ key: string; label: string; type: 'string' | 'number' }> {
  const types = new Map<string, 'string' | 'number'>();
  for (const values of portal.users.segmentValues())
    for (const [key, value] of Object.entries(values))
      types.set(key, typeof value === 'number' && types.get(key) !== 'string' ? 'number' : 'string');
  return [...types.keys()].sort(byText).map((key) => ({ key, label: labelOf(key), type: types.get(key)! }));
}
