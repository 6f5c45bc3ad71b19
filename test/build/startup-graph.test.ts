import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a script without types
import { cliGraphOptions } from '../../scripts/build-options.mjs';
import { packagesLoadedBy } from '../support/loaded-packages.js';
import { runFp } from '../support/run-fp.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';

/** Modules that one-shot commands never run: archives, prompts, spinners, the server, MCP, storage, markdown. */
const HEAVY = [
  /node_modules\/(yazl|yauzl|@inquirer|ora|@modelcontextprotocol|libsql|busboy|markdown-it|sanitize-html|htmlparser2|linkify-it|yaml|conf)(\/|$)/,
  /^(undici|yazl|yauzl|@inquirer\/prompts|ora|@modelcontextprotocol\/.*|libsql|busboy|markdown-it|sanitize-html|htmlparser2|linkify-it|yaml|conf)$/,
  /^src\/server\//,
  /^src\/cli\/mcp\//,
  // undici's index loads fetch, WebSocket and cookies (and through them Node's own undici);
  // lib/web/fetch/body.js is bundled too but required only inside client-h1 for web bodies
  /node_modules\/undici\/(index\.js|lib\/web\/(websocket|cookies|eventsource|cache|fetch\/index\.js))/,
];

let meta: Metafile;
beforeAll(async () => {
  const result = await build({
    ...cliGraphOptions,
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  meta = result.metafile!;
}, 60_000);

/** Source files and external packages reached from these outputs through static imports only. */
function staticGraph(outputs: string[]): string[] {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    const o = meta.outputs[out];
    for (const input of Object.keys(o.inputs)) reached.add(input);
    for (const imp of o.imports) {
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) reached.add(imp.path);
      else visit(imp.path);
    }
  };
  outputs.forEach(visit);
  return [...reached].sort();
}

/** The output chunk that a lazily imported source file starts. */
function chunkOf(source: string): string {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === source);
  if (!found) throw new Error(`no chunk starts at ${source}`);
  return found[0];
}

/** The chunks of sources that may be imported lazily; one imported statically is in the graph already. */
const lazyChunksOf = (sources: string[]): string[] =>
  sources.flatMap((source) =>
    Object.entries(meta.outputs)
      .filter(([, o]) => o.entryPoint === source)
      .map(([name]) => name),
  );

const heavyIn = (graph: string[]) => graph.filter((m) => HEAVY.some((re) => re.test(m)));

describe('the static import graph of a command', () => {
  it('fp --help loads commander and the entry, nothing a command runs', () => {
    const graph = staticGraph(['dist/cli.js']);
    expect(heavyIn(graph)).toEqual([]);
    // src/client/errors.ts (a few error classes) and api-words.ts (a 404 in fp's words) describe failures
    expect(
      graph.filter((m) =>
        /^src\/contract\/|^src\/client\/(?!errors\.ts$|api-words\.ts$)|node_modules\/(zod|undici|chalk)\//.test(m),
      ),
    ).toEqual([]);
  });

  it('fp categories list (credentials from FP_BASE_URL/FP_API_KEY) loads no archive, prompt, spinner, server or MCP module', () => {
    const graph = staticGraph([
      'dist/cli.js',
      chunkOf('src/cli/commands/categories/index.ts'),
      // what the factory imports lazily for a request with a printed answer
      ...lazyChunksOf([
        'src/cli/config/resolve-credentials.ts',
        'src/client/api-client.ts',
        'src/cli/output/create-output.ts',
        'src/cli/output/output.ts',
        'src/cli/output/format.ts',
        'src/client/shared-dispatcher.ts',
      ]),
    ]);
    expect(heavyIn(graph)).toEqual([]);
    expect(graph).toContain('src/cli/commands/categories/list.ts');
    expect(graph).not.toContain('src/cli/config/profile-store.ts');
    // `import { z }` (zod's namespace as a value) would bundle every locale of zod's messages
    expect(graph.filter((m) => /node_modules\/zod\/v4\/locales\/(?!en\.js$|index\.js$)/.test(m))).toEqual([]);
    // tables alone need the width and wrapping modules: --json, CSV and plain rows do not load them
    expect(
      graph.filter((m) =>
        /^src\/cli\/output\/table\.ts$|node_modules\/(string-width|wrap-ansi|cli-truncate|slice-ansi)\//.test(m),
      ),
    ).toEqual([]);
    // a one-shot request goes through node:http: undici loads only for a proxy or a streamed body
    expect(
      graph.filter((m) => /^undici(\/|$)|node_modules\/undici\/|^src\/client\/(http-agent|undici-parts)\.ts$/.test(m)),
    ).toEqual([]);
    // and colours are for tables only
    expect(graph.filter((m) => /^chalk$|node_modules\/chalk\//.test(m))).toEqual([]);
  });
});

/** Packages of HEAVY and those that only tables, colours and jq use. */
const heavyPackage = (name: string) =>
  HEAVY.some((re) => re.test(name)) ||
  /^(chalk|string-width|wrap-ansi|cli-truncate|slice-ansi|jq-wasm|@inquirer\/.*)$/.test(name);

describe('the packages the built fp loads (dist/cli.cjs, one file: what runs is what counts)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('fp --version loads no package', async () => {
    const { code, packages } = await packagesLoadedBy(['--version']);
    expect(code).toBe(0);
    expect(packages).toEqual([]);
  });

  it('fp categories list --json (credentials from FP_BASE_URL/FP_API_KEY) loads none of the heavy ones', async () => {
    const { code, packages } = await packagesLoadedBy(['categories', 'list', '--json'], {
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
    });
    expect(code).toBe(0);
    expect(packages.filter(heavyPackage)).toEqual([]);
  });

  it('a command that reads no input leaves standard input alone: Node does not build a stream over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-stdin-'));
    const hook = join(dir, 'hook.cjs');
    writeFileSync(
      hook,
      `const made = Object.getOwnPropertyDescriptor(process, 'stdin');
Object.defineProperty(process, 'stdin', { configurable: true, enumerable: made.enumerable, get() {
  process.stderr.write('process.stdin was made\\n');
  return made.get.call(process);
} });
`,
    );
    try {
      const run = (args: string[], input?: string) =>
        runFp(args, {
          baseUrl: server.url,
          apiKey: ADMIN_KEY,
          input,
          env: { NODE_OPTIONS: `--require ${hook}` },
        });
      const listed = await run(['categories', 'list']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stderr).toBe('');
      // The hook sees a command that does read its input.
      const reading = await run(['api', '/api/v1/portal', '--input', '-'], '');
      expect(reading.stderr).toContain('process.stdin was made');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--jq loads jq-wasm, and the hook sees it', async () => {
    const { code, packages } = await packagesLoadedBy(['categories', 'list', '--jq', '.[0].name'], {
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
    });
    expect(code).toBe(0);
    expect(packages.filter(heavyPackage)).toEqual(['jq-wasm']);
  });
});
