import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesLoadedBy } from '../support/loaded-packages.js';

const DIST = resolve(import.meta.dirname, '../../dist');

/** Every file a built module loads before its first line runs (static imports only, not `import()`). */
function staticGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?["'](\.[^"']+)["']/gm)) visit(join(dirname(file), m[1]));
  };
  visit(join(DIST, entry));
  return seen;
}

const loadsSdk = (graph: Map<string, string>) =>
  [...graph]
    .filter(([, text]) => /^(?:import|export)\s[^;]*?["']@modelcontextprotocol\//m.test(text))
    .map(([file]) => file);

describe('the MCP SDK is loaded only where it is used (read from the built dist/, as the acceptance tests run it)', () => {
  it('no command starts with it: fp --version and fp help mcp do not load it', async () => {
    for (const args of [['--version'], ['help', 'mcp']]) {
      const { code, packages } = await packagesLoadedBy(args);
      expect(code).toBe(0);
      expect(packages.filter((p) => p.startsWith('@modelcontextprotocol/'))).toEqual([]);
    }
  });

  it('the server starts without it: /mcp imports it on its first request', () => {
    expect(loadsSdk(staticGraph('server.js'))).toEqual([]);
  });

  it('fp mcp and the /mcp endpoint do import it', () => {
    expect(readFileSync(join(DIST, 'cli.cjs'), 'utf8')).toContain('require("@modelcontextprotocol/server")');
    // Every chunk the server reaches through `import()` (at any depth: the server loads its HTTP side lazily too).
    const lazyOf = (texts: string[]) =>
      texts.flatMap((text) =>
        [...text.matchAll(/import\(["'](\.[^"']+)["']\)/g)].map((m) => join('chunks', m[1].replace(/^.*chunks\//, ''))),
      );
    const reached = new Set<string>();
    let next = lazyOf([...staticGraph('server.js').values()]);
    while (next.length) {
      const fresh = next.filter((chunk) => !reached.has(chunk));
      fresh.forEach((chunk) => reached.add(chunk));
      next = lazyOf(fresh.flatMap((chunk) => [...staticGraph(chunk).values()]));
    }
    const texts = [...reached].flatMap((chunk) => [...staticGraph(chunk).values()]);
    expect(texts.some((text) => text.includes('@modelcontextprotocol/server'))).toBe(true);
  });
});
