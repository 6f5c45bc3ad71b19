import { terminalLines, terminalText } from './terminal-text.js';

/**
 * Text for one table, row or CSV cell: control characters shown, not obeyed (tabs and line breaks
 * are the format's). A record with a name (an author, a status, a category) shows its name, as
 * the columns made for them do; any other record its JSON.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return terminalLines(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  const name = (value as { name?: unknown }).name;
  if (typeof name === 'string') return terminalLines(name);
  return terminalLines(JSON.stringify(value));
}

/** One line, at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const flat = terminalText(text.replace(/\s+/g, ' ').trim());
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join('')}…` : flat;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function plainField(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** "3 days ago", "2 years ago": how old something is, at any distance. */
export function relativeDate(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return 'just now';
}

/** One line of text: line breaks and tabs (with the spaces around them) become one space; an indent stays. */
export function oneLine(text: string): string {
  return text.replace(/(?<! ) *[\t\r\n]\s*/g, ' ').trimEnd();
}
