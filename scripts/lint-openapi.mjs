// Lints docs/openapi.json (or the documents named) with Redocly CLI (recommended
// rules) and Spectral (spectral:oas), one run of each for all documents; exits 1 on
// any warning or error of either. Prints both reports.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = process.argv.length > 2 ? process.argv.slice(2) : [join(root, 'docs', 'openapi.json')];
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};

function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

/** Redocly prints one JSON report per document, one after the other. */
function jsonValues(text) {
  const values = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

let failed = false;

// Redocly exits 0 on warnings; its JSON report counts them.
const redocly = run(bin('redocly'), ['lint', ...files, '--extends=recommended', '--format=json']);
let reports;
try {
  reports = jsonValues(redocly.stdout);
  if (reports.length !== files.length) throw new Error('one report per document expected');
} catch {
  console.error(redocly.stdout, redocly.stderr);
  process.exit(1);
}
const totals = { errors: 0, warnings: 0 };
for (const r of reports) {
  totals.errors += r.totals.errors;
  totals.warnings += r.totals.warnings;
}
const redoclyProblems = reports.flatMap((r) => r.problems ?? []);
for (const p of redoclyProblems) {
  console.log(`redocly ${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
}
console.log(`redocly (recommended): ${totals.errors} errors, ${totals.warnings} warnings`);
if (totals.errors || totals.warnings || redocly.status !== 0) failed = true;

// Spectral: --fail-severity=warn makes a warning fail; -f json counts them.
const spectral = run(bin('spectral'), [
  'lint',
  ...files,
  '--ruleset',
  join(root, 'scripts', 'spectral.yaml'),
  '--fail-severity=warn',
  '-f',
  'json',
  '--quiet',
]);
let results;
try {
  results = JSON.parse(spectral.stdout || '[]');
} catch {
  console.error(spectral.stdout, spectral.stderr);
  process.exit(1);
}
const bySeverity = [0, 1, 2, 3].map((s) => results.filter((r) => r.severity === s).length);
for (const r of results) console.log(`spectral ${r.code}: ${r.message} (${r.path.join('.')})`);
console.log(
  `spectral (spectral:oas): ${bySeverity[0]} errors, ${bySeverity[1]} warnings, ${bySeverity[2]} infos, ${bySeverity[3]} hints`,
);
if (results.length || spectral.status !== 0) failed = true;

process.exitCode = failed ? 1 : 0;
