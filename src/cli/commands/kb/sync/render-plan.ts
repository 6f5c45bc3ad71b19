import type { ChalkInstance } from 'chalk';
import type { SyncPlan, SyncResult } from '../../../../contract/schemas/knowledgebase.js';
import { plural } from '../options.js';

type Sign = '+' | '~' | '-';
type Kind = 'tab' | 'section' | 'article';

/** Section paths are folders: shown with a trailing slash. */
const shownPath = (kind: Kind, p: string) => (kind === 'section' && !p.endsWith('/') ? `${p}/` : p);

function itemLine(sign: Sign, kind: Kind, p: string, title: string | null, changes: string[] | undefined, c?: ChalkInstance): string {
  const colour = c ? (sign === '+' ? c.green : sign === '~' ? c.yellow : c.red) : (s: string) => s;
  const parts = [colour(`${sign} ${kind}`), shownPath(kind, p)];
  if (title !== null) parts.push(JSON.stringify(title));
  if (changes?.length) parts.push(`(${changes.join(', ')})`);
  return parts.join('  ');
}

/** One line per change like terraform: the tab, then sections, then articles; each create, update, delete. */
export function planLines(plan: SyncPlan, c?: ChalkInstance): string[] {
  const lines: string[] = [];
  if (plan.tab.changes.length > 0) lines.push(itemLine('~', 'tab', '_index.md', null, plan.tab.changes, c));
  for (const [kind, items] of [
    ['section', plan.sections],
    ['article', plan.articles],
  ] as const) {
    for (const i of items.create) lines.push(itemLine('+', kind, i.path, i.title, undefined, c));
    for (const i of items.update) lines.push(itemLine('~', kind, i.path, i.title, i.changes, c));
    for (const i of items.delete) lines.push(itemLine('-', kind, i.path, i.title, undefined, c));
  }
  return lines;
}

export function hasChanges(plan: SyncPlan): boolean {
  return plan.summary.create + plan.summary.update + plan.summary.delete > 0 || plan.tab.changes.length > 0;
}

export const NO_CHANGES = 'No changes. The knowledge base matches the archive.';

/** The whole plan as printed by preview: the lines, a blank line and the counts, or the no-change sentence. */
export function renderPlan(plan: SyncPlan, c?: ChalkInstance): string {
  if (!hasChanges(plan)) return `${NO_CHANGES}\n`;
  const { create, update, delete: del } = plan.summary;
  return `${planLines(plan, c).join('\n')}\n\nPlan: ${create} to create, ${update} to update, ${del} to delete.\n`;
}

/** What execute did, and each deletion it left alone with the flag that would confirm it. */
export function renderResult(result: SyncResult, c?: ChalkInstance): string {
  const { created, updated, deleted } = result.summary;
  const lines = [`Applied: ${created} created, ${updated} updated, ${deleted} deleted.`];
  const skipped = [
    ...result.skipped.sections.map((s) => ({ line: itemLine('-', 'section', s.path, s.title, undefined, c), flag: `--confirm-delete-section ${s.id}` })),
    ...result.skipped.articles.map((a) => ({ line: itemLine('-', 'article', a.path, a.title, undefined, c), flag: `--confirm-delete ${a.id}` })),
  ];
  if (skipped.length > 0) {
    lines.push(`Skipped ${plural(skipped.length, 'deletion')} (not confirmed):`);
    for (const s of skipped) lines.push(`  ${s.line} — pass ${s.flag} to delete it`);
  }
  return `${lines.join('\n')}\n`;
}
