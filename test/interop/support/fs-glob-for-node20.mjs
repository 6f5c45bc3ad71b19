// The conformance package (0.1.16) is built for Node 22: it imports `globSync` from `fs`,
// which Node 20 lacks, for its `tier-check` command only. On Node 20 this hook gives that
// package an `fs` with a `globSync` that says so, so its `server` command runs; other
// modules keep Node's own `fs`. Loaded with `node --import` by test/interop/mcp-conformance.test.ts.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/'))
    return { url: 'fp-node20:fs', shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url !== 'fp-node20:fs') return next(url, context);
  const source = "import fs from 'node:fs'; export * from 'node:fs'; export default fs; " +
    "export function globSync() { throw new Error('globSync needs Node 22 or later'); }";
  return { format: 'module', shortCircuit: true, source };
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
