/**
 * The shape of a batch of rows for one multi-row INSERT: which columns hold one
 * value in every row of the batch (a portal's id, a default), which hold in
 * each row what an earlier column of that row holds (`updated_at` beside
 * `created_at`), which count up by one from row to row (ids, sort orders), and
 * which hold one of two texts (a moderation status). Such values are bound once
 * and named by their number (`?N`) wherever they recur, and a text of two is
 * chosen by a number: the driver's cost is per bound value, and a text costs
 * it more than a number.
 */
export interface BatchShape {
  /** Identifies the statement this shape needs. */
  key: string;
  /** Per column: a kind below (negative), or the earlier column of the row it repeats. */
  sources: Int32Array;
}

const ONCE = -1;
const PER_ROW = -2;
/** Whole numbers counting up by one from row to row: the first is bound, the others are `?N + r`. */
const STEP = -3;
/** One of two texts in each row: both are bound once, and each row binds 0 or 1 to choose. */
const TWO_TEXTS = -4;

/** Below this many rows the new kinds save fewer binds than they add statement text. */
const FEW_ROWS = 8;

/** The shape of `rows` rows of `width` values each, laid out one row after another in `values`. */
export function batchShape(values: readonly unknown[], width: number, rows: number): BatchShape {
  const sources = new Int32Array(width);
  for (let c = 0; c < width; c++) sources[c] = columnKind(values, width, rows, c);
  for (let c = 1; c < width; c++) {
    if (sources[c] !== PER_ROW && sources[c] !== TWO_TEXTS) continue;
    for (let d = 0; d < c; d++) {
      if (sources[d] !== sources[c] || values[c] !== values[d]) continue;
      if (repeatsInEveryRow(values, width, rows, c, d)) {
        sources[c] = d;
        break;
      }
    }
  }
  return { key: sources.join(','), sources };
}

function columnKind(values: readonly unknown[], width: number, rows: number, c: number): number {
  if (sameInEveryRow(values, width, rows, c)) return ONCE;
  if (rows < FEW_ROWS) return PER_ROW;
  if (countsUp(values, width, rows, c)) return STEP;
  if (twoTexts(values, width, rows, c) !== undefined) return TWO_TEXTS;
  return PER_ROW;
}

function sameInEveryRow(values: readonly unknown[], width: number, rows: number, c: number): boolean {
  const first = values[c];
  for (let r = 1; r < rows; r++) if (values[r * width + c] !== first) return false;
  return true;
}

function countsUp(values: readonly unknown[], width: number, rows: number, c: number): boolean {
  const first = values[c];
  if (typeof first !== 'number' || !Number.isSafeInteger(first) || !Number.isSafeInteger(first + rows)) return false;
  for (let r = 1; r < rows; r++) if (values[r * width + c] !== first + r) return false;
  return true;
}

/** The second of exactly two texts a column holds (the first is the first row's), if it holds two. */
function twoTexts(values: readonly unknown[], width: number, rows: number, c: number): string | undefined {
  const first = values[c];
  if (typeof first !== 'string') return undefined;
  let second: string | undefined;
  for (let r = 1; r < rows; r++) {
    const v = values[r * width + c];
    if (v === first || v === second) continue;
    if (second !== undefined || typeof v !== 'string') return undefined;
    second = v;
  }
  return second;
}

function repeatsInEveryRow(values: readonly unknown[], width: number, rows: number, c: number, d: number): boolean {
  for (let r = 0; r < rows; r++) if (values[r * width + c] !== values[r * width + d]) return false;
  return true;
}

/** Where each column's values go among the bound ones: the numbers of its once-bound values, its slot in a row. */
function layout(sources: Int32Array) {
  const width = sources.length;
  const onceNumber = new Int32Array(width);
  const rowSlot = new Int32Array(width);
  let once = 0;
  let perRow = 0;
  for (let c = 0; c < width; c++) {
    const kind = sources[c];
    if (kind === ONCE || kind === STEP || kind === TWO_TEXTS) onceNumber[c] = ++once;
    if (kind === TWO_TEXTS) once++;
    if (kind === PER_ROW || kind === TWO_TEXTS) rowSlot[c] = perRow++;
  }
  return { onceNumber, rowSlot, once, perRow };
}

/** The VALUES list of a multi-row INSERT of this shape: `(?1, ?3, ?4, ?3), (?1, ?5, ?6, ?5)…`. */
export function valuesList(shape: BatchShape, rows: number): string {
  const { sources } = shape;
  const width = sources.length;
  const { onceNumber, rowSlot, once, perRow } = layout(sources);
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) {
    const base = once + r * perRow + 1;
    const cell = (c: number): string => {
      const kind = sources[c];
      if (kind === ONCE) return `?${onceNumber[c]}`;
      if (kind === PER_ROW) return `?${base + rowSlot[c]}`;
      if (kind === STEP) return r === 0 ? `?${onceNumber[c]}` : `(?${onceNumber[c]} + ${r})`;
      if (kind === TWO_TEXTS)
        return `(CASE ?${base + rowSlot[c]} WHEN 0 THEN ?${onceNumber[c]} ELSE ?${onceNumber[c] + 1} END)`;
      return cell(kind);
    };
    const cells: string[] = [];
    for (let c = 0; c < width; c++) cells.push(cell(c));
    tuples.push(`(${cells.join(', ')})`);
  }
  return tuples.join(', ');
}

/** The values a statement of this shape binds, in the order of their numbers. */
export function boundValues(values: readonly unknown[], shape: BatchShape, rows: number, out: unknown[]): unknown[] {
  const { sources } = shape;
  const width = sources.length;
  out.length = 0;
  for (let c = 0; c < width; c++) {
    const kind = sources[c];
    if (kind === ONCE || kind === STEP) out.push(values[c]);
    else if (kind === TWO_TEXTS) out.push(values[c], twoTexts(values, width, rows, c));
  }
  for (let r = 0; r < rows; r++) {
    const base = r * width;
    for (let c = 0; c < width; c++) {
      const kind = sources[c];
      if (kind === PER_ROW) out.push(values[base + c]);
      else if (kind === TWO_TEXTS) out.push(values[base + c] === values[c] ? 0 : 1);
    }
  }
  return out;
}

/** The shape that binds every value of every row. */
export function everyValueBound(width: number): BatchShape {
  const sources = new Int32Array(width).fill(PER_ROW);
  return { key: sources.join(','), sources };
}
