import type { ChalkInstance } from 'chalk';
import type { SyncPlan, SyncResult } from '../../../../contract/schemas/knowledgebase.js';
import { terminalText } from '../../../output/terminal-text.js';
import { plural } from '../options.js';

type Sign = '+' | '~' | '-';
type Kind = 'tab' | 'section' | 'article' | 'image';

/** Section paths are folders: shown with a trailing slash. */
const shownPath = (kind: Kind, p: string) => (kind === 'section' && !p.endsWith('/') ? `${p}/` : p);

/** A new item has no id yet. */
const shownId = (id: string | number | null) => (id === null ? '(new)' : String(id));

function itemLine(
  sign: Sign,
  kind: Kind,
  id: string | number | null | undefined,
  p: string,
  title: string | null,
  changes: string[] | undefined,
  c?: ChalkInstance,
): string {
  const colour = c ? (sign === '+' ? c.green : sign === '~' ? c.yellow : c.red) : (s: string) => s;
  const parts = [colour(`${sign} ${kind}`), ...(id === undefined ? [] : [shownId(id)]), shownPath(kind, p)];
  if (title !== null) parts.push(JSON.stringify(title));
  if (changes?.length) parts.push(`(${changes.join(', ')})`);
  // Paths, titles and ids come from the archive and the server: shown, not obeyed (the colour is fp's own).
  return [parts[0], ...parts.slice(1).map((part) => terminalText(part))].join('  ');
}

/**
 * One line per change like terraform: the tab, then sections, then articles;
 * each create, update, delete, with its action, id (`(new)` before it has one),
 * path and title.
 */
function planLines(plan: SyncPlan, c?: ChalkInstance): string[] {
  const lines: string[] = [];
  if (plan.tab.changes.length > 0) lines.push(itemLine('~', 'tab', undefined, '_index.md', null, plan.tab.changes, c));
  for (const [kind, items] of [
    ['section', plan.sections],
    ['article', plan.articles],
  ] as const) {
    for (const i of items.create) lines.push(itemLine('+', kind, i.id, i.path, i.title, undefined, c));
    for (const i of items.update) lines.push(itemLine('~', kind, i.id, i.path, i.title, i.changes, c));
    for (const i of items.delete) lines.push(itemLine('-', kind, i.id, i.path, i.title, undefined, c));
  }
  const images = imagesOf(plan);
  if (images) {
    for (const [sign, list] of [
      ['+', images.create],
      ['~', images.update],
      ['-', images.delete],
    ] as const) {
      for (const i of list) lines.push(itemLine(sign, 'image', undefined, i.path, null, [describeImage(i)], c));
    }
  }
  return lines;
}

type ImageItem = { path: string; content_type: string; bytes: number };
type ImageLists = { create: ImageItem[]; update: ImageItem[]; delete: ImageItem[]; unchanged?: ImageItem[] };

/** The plan's or result's images, when the service reports them (this server does: D-KB-IMAGES). */
function imagesOf(from: { images?: unknown }): ImageLists | undefined {
  return from.images as ImageLists | undefined;
}

function describeImage({ content_type, bytes }: ImageItem): string {
  const size =
    bytes >= 1024 * 1024
      ? `${+(bytes / 1024 / 1024).toFixed(1)} MB`
      : bytes >= 1024
        ? `${+(bytes / 1024).toFixed(1)} kB`
        : `${bytes} bytes`;
  return `${content_type.replace(/^image\//, '')}, ${size}`;
}

/** One line naming the AI instruction files a sync leaves alone, when the archive has any. */
function instructionLine(plan: SyncPlan): string[] {
  const names = (plan as { instruction_files?: string[] }).instruction_files ?? [];
  if (names.length === 0) return [];
  return [
    `Left alone: ${terminalText(names.join(', '))} (AI instruction ${names.length === 1 ? 'file' : 'files'}, never articles).`,
  ];
}

function imageChanges(lists: ImageLists | undefined): number {
  return lists ? lists.create.length + lists.update.length + lists.delete.length : 0;
}

/** The flags that confirm these deletions, ready to copy: `--confirm-delete a,b --confirm-delete-section 12`. */
export function confirmFlags(deletions: { sections: Array<{ id: number }>; articles: Array<{ id: string }> }): string {
  const flags: string[] = [];
  if (deletions.articles.length > 0) flags.push(`--confirm-delete ${deletions.articles.map((a) => a.id).join(',')}`);
  if (deletions.sections.length > 0)
    flags.push(`--confirm-delete-section ${deletions.sections.map((s) => s.id).join(',')}`);
  return terminalText(flags.join(' '));
}

/** Items of the archive that the sync leaves as they are, when the service reports them. */
function unchangedCount(plan: SyncPlan): number | null {
  const s = (plan.sections as { unchanged?: unknown[] }).unchanged;
  const a = (plan.articles as { unchanged?: unknown[] }).unchanged;
  return s === undefined && a === undefined ? null : (s?.length ?? 0) + (a?.length ?? 0);
}

export function hasChanges(plan: SyncPlan): boolean {
  const { create, update, delete: del } = plan.summary;
  return create + update + del > 0 || plan.tab.changes.length > 0 || imageChanges(imagesOf(plan)) > 0;
}

const NO_CHANGES = 'No changes. The knowledge base matches the archive.';

/** The whole plan as printed by preview: the lines, a blank line and the counts, or the no-change sentence. */
export function renderPlan(plan: SyncPlan, c?: ChalkInstance): string {
  if (!hasChanges(plan)) return `${[NO_CHANGES, ...instructionLine(plan)].join('\n')}\n`;
  const { create, update, delete: del } = plan.summary;
  const unchanged = unchangedCount(plan);
  const images = imagesOf(plan);
  const lines = [
    ...planLines(plan, c),
    '',
    `Plan: ${create} to create, ${update} to update, ${del} to delete${unchanged === null ? '' : `, ${unchanged} unchanged`}.`,
  ];
  if (imageChanges(images) > 0) {
    lines.push(
      `Images: ${images!.create.length} to add, ${images!.update.length} to change, ${images!.delete.length} to remove` +
        `${images!.unchanged === undefined ? '' : `, ${images!.unchanged.length} unchanged`}.`,
    );
  }
  lines.push(...instructionLine(plan));
  if (del > 0) {
    lines.push(
      `Deletions happen only when confirmed; to apply them, add: ${confirmFlags({ sections: plan.sections.delete, articles: plan.articles.delete })}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What execute did, and each deletion it left alone with the flag that would confirm it. */
export function renderResult(result: SyncResult, c?: ChalkInstance): string {
  const { created, updated, deleted } = result.summary;
  const lines = [`Applied: ${created} created, ${updated} updated, ${deleted} deleted.`];
  const images = imagesOf(result.applied);
  if (imageChanges(images) > 0) {
    lines.push(
      `Images: ${images!.create.length} added, ${images!.update.length} changed, ${images!.delete.length} removed.`,
    );
  }
  for (const s of result.applied.sections.create)
    lines.push(`  ${itemLine('+', 'section', s.id, s.path, s.title, undefined, c)}`);
  for (const a of result.applied.articles.create)
    lines.push(`  ${itemLine('+', 'article', a.id, a.path, a.title, undefined, c)}`);
  const skipped = [
    ...result.skipped.sections.map((s) => itemLine('-', 'section', s.id, s.path, s.title, undefined, c)),
    ...result.skipped.articles.map((a) => itemLine('-', 'article', a.id, a.path, a.title, undefined, c)),
  ];
  if (skipped.length > 0) {
    lines.push(`Skipped ${plural(skipped.length, 'deletion')} (not confirmed):`);
    for (const line of skipped) lines.push(`  ${line}`);
    lines.push(`To delete them, run again with: ${confirmFlags(result.skipped)}`);
  }
  return `${lines.join('\n')}\n`;
}
