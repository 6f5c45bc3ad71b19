import type { Finding } from './compare-answer.js';
import type { OperationDrift } from './read-drift.js';

const mark: Record<OperationDrift['outcome'], string> = {
  ok: 'ok',
  drift: 'DRIFT',
  'not-offered': 'not offered (404)',
  skipped: 'skipped',
  failed: 'FAILED',
};

/** The report for people: one line per operation, its differences under it, a tally at the end. */
export function driftReport(results: readonly OperationDrift[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const assumed = r.assumed ? `  [assumed: ${r.assumed.decision}, ${r.assumed.evidence.join(', ')}]` : '';
    const status = r.status !== undefined ? ` ${r.status}` : '';
    lines.push(
      `${mark[r.outcome].padEnd(18)} ${r.operation.padEnd(26)} ${r.method}${status} ${r.request ?? ''}${assumed}`.trimEnd(),
    );
    if (r.reason) lines.push(`    ${r.reason}`);
    for (const f of r.unknown ?? []) lines.push(`    unknown field   ${f.field}${example(f)}`);
    for (const f of r.missing ?? []) lines.push(`    missing field   ${f.field}${example(f)}`);
    for (const f of r.mismatched ?? [])
      lines.push(`    type mismatch   ${f.field}: expected ${f.expected}, got ${f.got}${example(f)}`);
  }
  lines.push('', tally(results));
  return `${lines.join('\n')}\n`;
}

const example = (f: Finding) => (f.example !== f.field ? ` (e.g. ${f.example})` : '');

export function tally(results: readonly OperationDrift[]): string {
  const count = (o: OperationDrift['outcome']) => results.filter((r) => r.outcome === o).length;
  return `${results.length} operations: ${count('ok')} ok, ${count('drift')} drift, ${count('not-offered')} not offered, ${count('skipped')} skipped, ${count('failed')} failed`;
}
