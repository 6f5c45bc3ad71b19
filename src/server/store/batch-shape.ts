/**
 * The shape of a batch of rows for one multi-row INSERT: which columns hold one
 * value in every row of the batch (a portal's id, a default), and which hold in
 * each row what an earlier column of that row holds (`updated_at` beside
 * `created_at`). Such a value is bound once and named by its number (`?N`)
 * wherever it recurs: the driver's cost is per bound value, not per row.
 */
export interface BatchShape {
  /** Identifies the statement this shape needs. */
  key: string;
  /** Per column: -1 bound once per batch, -2 bound per row, or the earlier column of the row it repeats. */
  sources: Int32Array;
}

const ONCE = -1;
const PER_ROW = -2;

/** The shape of `rows` rows of `width` values each, laid out one row after another in `values`. */
export function batchShape(values: readonly unknown[], width: number, rows: number): BatchShape {
  const sources = new Int32Array(width);
  for (let c = 0; c < width; c++) sources[c] = sameInEveryRow(values, width, rows, c) ? ONCE : PER_ROW;
  for (let c = 1; c < width; c++) {
    if (sources[c] === ONCE) continue;
    for (let d = 0; d < c; d++) {
      if (sources[d] !== PER_ROW || values[c] !== values[d]) continue;
      if (repeatsInEveryRow(values, width, rows, c, d)) {
        sources[c] = d;
        break;
      }
    }
  }
  return { key: sources.join(','), sources };
}

function sameInEveryRow(values: readonly unknown[], width: number, rows: number, c: number): boolean {
  const first = values[c];
  for (let r = 1; r < rows; r++) if (values[r * width + c] !== first) return false;
  return true;
}

function repeatsInEveryRow(values: readonly unknown[], width: number, rows: number, c: number, d: number): boolean {
  for (let r = 0; r < rows; r++) if (values[r * width + c] !== values[r * width + d]) return false;
  return true;
}

/** The VALUES list of a multi-row INSERT of this shape: `(?1, ?3, ?4, ?3), (?1, ?5, ?6, ?5)…`. */
export function valuesList(shape: BatchShape, rows: number): string {
  const { sources } = shape;
  const width = sources.length;
  const onceNumber = new Int32Array(width);
  const rowSlot = new Int32Array(width);
  let once = 0;
  let perRow = 0;
  for (let c = 0; c < width; c++) {
    if (sources[c] === ONCE) onceNumber[c] = ++once;
    else if (sources[c] === PER_ROW) rowSlot[c] = perRow++;
  }
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) {
    const base = once + r * perRow + 1;
    const number = (c: number): number =>
      sources[c] === ONCE ? onceNumber[c] : sources[c] === PER_ROW ? base + rowSlot[c] : number(sources[c]);
    const cells: string[] = [];
    for (let c = 0; c < width; c++) cells.push(`?${number(c)}`);
    tuples.push(`(${cells.join(', ')})`);
  }
  return tuples.join(', ');
}

/** The values a statement of this shape binds, in the order of their numbers. */
export function boundValues(values: readonly unknown[], shape: BatchShape, rows: number, out: unknown[]): unknown[] {
  const { sources } = shape;
  const width = sources.length;
  out.length = 0;
  for (let c = 0; c < width; c++) if (sources[c] === ONCE) out.push(values[c]);
  for (let r = 0; r < rows; r++) {
    const base = r * width;
    for (let c = 0; c < width; c++) if (sources[c] === PER_ROW) out.push(values[base + c]);
  }
  return out;
}

/** The shape that binds every value of every row. */
export function everyValueBound(width: number): BatchShape {
  const sources = new Int32Array(width).fill(PER_ROW);
  return { key: sources.join(','), sources };
}
