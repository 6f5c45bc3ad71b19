import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

const GAP = 2;
/** A column is never cut below this (or its header, when shorter). */
const MIN_WIDTH = 8;

export interface TableSpec {
  headers: string[];
  /** Plain, one-line cell texts; styling is applied after cutting. */
  rows: string[][];
  /** Terminal width to fit. */
  width: number;
  /** Longest cell a column shows before it is cut, when the column asks for one. */
  maxWidths?: Array<number | undefined>;
  /** Columns never cut to fit (dates, counts): text columns give way instead. */
  fixed?: boolean[];
  styleHeader?: (text: string) => string;
  styleCell?: (text: string, row: number, column: number) => string;
}

/**
 * A borderless table, columns two spaces apart, that fits `width` terminal cells: the widest
 * columns give way first. Widths are measured in terminal cells, so CJK and emoji line up.
 */
export function renderTable(spec: TableSpec): string {
  const n = spec.headers.length;
  const widths = spec.headers.map((h, c) => {
    let w = stringWidth(h);
    for (const row of spec.rows) w = Math.max(w, stringWidth(row[c] ?? ''));
    const max = spec.maxWidths?.[c];
    return max !== undefined ? Math.min(w, Math.max(max, stringWidth(h))) : w;
  });
  const floors = spec.headers.map((h, c) =>
    spec.fixed?.[c] ? widths[c] : Math.min(widths[c], Math.max(MIN_WIDTH, stringWidth(h))),
  );
  let total = widths.reduce((a, b) => a + b, 0) + GAP * (n - 1);
  while (total > spec.width) {
    let widest = -1;
    for (let c = 0; c < n; c++) if (widths[c] > floors[c] && (widest < 0 || widths[c] > widths[widest])) widest = c;
    if (widest < 0) break;
    widths[widest]--;
    total--;
  }
  const line = (cells: string[], style: (text: string, c: number) => string) =>
    cells
      .map((text, c) => {
        const cut = fit(text, widths[c]);
        const pad = c === n - 1 ? '' : ' '.repeat(Math.max(0, widths[c] - stringWidth(cut)));
        return style(cut, c) + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const head = line(spec.headers, (t) => (spec.styleHeader ? spec.styleHeader(t) : t));
  const body = spec.rows.map((row, r) => line(row, (t, c) => (spec.styleCell ? spec.styleCell(t, r, c) : t)));
  return [head, ...body].join('\n');
}

/** Cut to at most `width` cells with an ellipsis; a wide character at the edge goes whole. */
export function fit(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  for (let w = width; w > 0; w--) {
    const cut = cliTruncate(text, w, { position: 'end' });
    if (stringWidth(cut) <= width) return cut;
  }
  return '';
}

/** `LABEL  value` lines for one record; long values wrap under themselves. */
export function renderRecord(
  pairs: Array<[label: string, value: string]>,
  width: number,
  styleLabel: (t: string) => string = (t) => t,
): string {
  const labelWidth = Math.max(0, ...pairs.map(([l]) => stringWidth(l)));
  const valueWidth = Math.max(20, width - labelWidth - GAP);
  const indent = ' '.repeat(labelWidth + GAP);
  return pairs
    .map(([label, value]) => {
      const wrapped = wrapAnsi(value, valueWidth, { hard: true, trim: false }).split('\n');
      const first = `${styleLabel(label)}${' '.repeat(labelWidth - stringWidth(label) + GAP)}${wrapped[0] ?? ''}`;
      return [first, ...wrapped.slice(1).map((l) => indent + l)].join('\n').trimEnd();
    })
    .join('\n');
}
