// Which rules have a test: every id of docs/rules.md (R-…) and docs/decisions.md (D-…)
// must appear in the name of a test (it/test/describe title) under test/ or src/,
// and every id a test name cites must exist. Prints the coverage list; exits 1 on a gap.
// Rules under "Awaiting" in docs/rules.md, and decision bullets that have no id yet, are
// listed but fail the run only with --strict.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const ID = /\b[RD]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b/g;

/** Ids defined by the documents: rows of the rules table, `D-…` code spans opening decision bullets. */
function definedRules() {
  const rules = new Map();
  const awaiting = new Set();
  let awaitingSection = false;
  for (const line of readFileSync(join(root, 'docs', 'rules.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) awaitingSection = /^## Awaiting/.test(line);
    const m = /^\| (R-[A-Z0-9-]+) \| (.+?) \|/.exec(line);
    if (m) rules.set(m[1], { source: 'docs/rules.md', text: m[2] });
    if (m && awaitingSection) awaiting.add(m[1]);
  }
  const untagged = [];
  let section = '';
  for (const line of readFileSync(join(root, 'docs', 'decisions.md'), 'utf8').split('\n')) {
    if (line.startsWith('#')) section = line.replace(/^#+\s*/, '');
    if (!line.startsWith('- ')) continue;
    const m = /^- `(D-[A-Z0-9-]+)` (.*)$/.exec(line);
    if (m) rules.set(m[1], { source: 'docs/decisions.md', text: m[2].replace(/\*\*/g, '').slice(0, 90) });
    else untagged.push(`${section}: ${line.slice(2, 80)}`);
  }
  return { rules, untagged, awaiting };
}

function testFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFiles(path, out);
    else if (/\.test\.[cm]?[jt]s$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Titles of it/test/describe calls (with .each/.skip/.only…), as written. */
function citations(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  const call = /\b(?:it|test|describe)(?:\.\w+)*(?:\([^()]*\))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  for (const m of text.matchAll(call)) {
    for (const id of m[2].match(ID) ?? []) out.push({ id, title: m[2], file: relative(root, file) });
  }
  return out;
}

const strict = process.argv.includes('--strict');
const { rules, untagged, awaiting } = definedRules();
const cited = [...testFiles(join(root, 'test')), ...testFiles(join(root, 'src'))].flatMap(citations);
const testsOf = new Map();
for (const c of cited) testsOf.set(c.id, [...(testsOf.get(c.id) ?? []), c]);

const missing = [...rules.keys()].filter((id) => !testsOf.has(id));
const waiting = missing.filter((id) => awaiting.has(id) && !strict);
const uncovered = missing.filter((id) => !waiting.includes(id));
const unknown = cited.filter((c) => !rules.has(c.id));

for (const id of rules.keys()) {
  const tests = testsOf.get(id) ?? [];
  const where = [...new Set(tests.map((t) => t.file))].join(', ');
  const mark = tests.length ? 'ok ' : waiting.includes(id) ? '.. ' : 'NO ';
  console.log(`${mark} ${id.padEnd(28)} ${String(tests.length).padStart(2)} test(s)  ${where || '-'}`);
}
for (const c of unknown) console.log(`unknown id ${c.id} in ${c.file}: "${c.title}"`);
for (const u of untagged) console.log(`decision without an id (give it one and name it in its test): ${u}`);
const specRules = [...rules.keys()].filter((id) => id.startsWith('R-')).length;
console.log(
  `rule coverage: ${rules.size - missing.length}/${rules.size} rules with a test ` +
    `(${specRules} of the specification, ${rules.size - specRules} decisions); ` +
    `${uncovered.length} without a test, ${waiting.length} awaiting the MCP suite, ${unknown.length} citations of unknown ids, ${untagged.length} decisions without an id`,
);
// exitCode, not exit(): output to a pipe is written asynchronously and exit() would cut it short.
process.exitCode = uncovered.length || unknown.length || (strict && untagged.length) ? 1 : 0;
