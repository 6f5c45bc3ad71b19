// Import cycles among the project's own files, type imports included: ESLint's no-cycle skips
// `import type`, and a cycle closed only by types still ties two modules to each other.
// `node scripts/check-cycles.mjs [folder]` (src by default) prints each cycle and exits 1.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? 'src');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file a relative specifier names (`./a.js` → `a.ts`), or undefined. */
function target(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(c|m)?js$/, '');
  return [`${stem}.ts`, `${stem}.mts`, `${stem}.cts`, base, join(base, 'index.ts')].find((f) => known.has(f));
}

const files = sourceFiles(root);
const known = new Set(files);
const edges = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const to = importedFiles.map((i) => target(file, i.fileName, known)).filter(Boolean);
    return [file, [...new Set(to)]];
  }),
);

// Tarjan's strongly connected components, iterative: a component of two or more files is a cycle.
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const cycles = [];
let next = 0;
for (const start of files) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, next);
  low.set(start, next++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const out = edges.get(node);
    if (i < out.length) {
      frame[1] += 1;
      const to = out[i];
      if (!index.has(to)) {
        index.set(to, next);
        low.set(to, next++);
        stack.push(to);
        onStack.add(to);
        work.push([to, 0]);
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) !== index.get(node)) continue;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  }
}

const name = (file) => relative(process.cwd(), file);
for (const component of cycles) {
  console.error(`import cycle (type imports count): ${component.map(name).sort().join(' ↔ ')}`);
}
if (cycles.length) process.exit(1);
console.log(`no import cycles among ${files.length} files of ${name(root) || '.'}`);
