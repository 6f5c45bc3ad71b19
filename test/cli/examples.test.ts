import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../src/cli/main.js';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import type { SeedFile } from '../../src/seed-file/seed-file.js';
import { fakeIO } from '../support/fake-io.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The demo portal's admin key, as `fp server --seed demo` prints it. */
const DEMO_KEY = 'acme-admin';

/** Examples that need more than one fp process: shells, pipes, files, prompts, or a server of their own. */
const NEEDS_A_SHELL = /[|<>]|\$\(|^\w+=|^(echo|printf|source) /;
// `portal snapshot` writes seed files, paces itself to the hosted limit and resumes partial runs: its
// examples run in test/acceptance/snapshot.test.ts; `mcp` serves on stdin until it closes (test/acceptance/mcp-stdio.test.ts).
// `webhooks listen` and `events tail --follow` run until Ctrl-C, `webhooks remove/deliveries/resend` need an
// endpoint of their own (endpoints outlive a reset) and `webhooks verify` a captured delivery:
// test/acceptance/webhooks.test.ts runs them. `posts undo` reads the journal a bulk run wrote
// (test/acceptance/posts-bulk.test.ts runs it).
const OWN_WORLD =
  /^fp (--profile \S+ )?(server|auth login|auth logout|auth switch|completion|moderation review|kb |api |mcp|portal snapshot|webhooks (listen|remove|deliveries|resend|verify)|events tail --follow|posts undo)/;
/** What an example needs done first on the fresh demo portal. */
const FIRST: Array<[RegExp, (line: string) => string]> = [
  [/^fp votes remove /, (line) => line.replace('votes remove', 'votes add')],
  [/^fp statuses delete "Needs info"/, () => 'fp statuses create "Needs info" --tab feedback'],
  [/^fp sections delete Invoices/, () => 'fp sections create Invoices --tab help'],
];
/** Needs an id that only an earlier change creates (the demo portal has no references). */
const CREATED_FIRST = /^fp references delete /;

/** Split a command line the way a shell would, for the quoting used in examples. */
function words(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\.|[^"])*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  return out;
}

function examples(cmd: Command, found: string[] = []): string[] {
  let help = '';
  cmd.configureOutput({ writeOut: (s) => (help += s), writeErr: () => {} });
  cmd.outputHelp();
  for (const m of help.matchAll(/^ {2}\$ (.+)$/gm)) found.push(m[1]);
  for (const sub of cmd.commands) examples(sub, found);
  return found;
}

let server: TestServer;
let all: string[] = [];
beforeAll(async () => {
  server = await startTestServer(demoSeed() as unknown as SeedFile);
  all = [...new Set(examples(await buildProgram(fakeIO(), [], true)))];
});
afterAll(() => server.close());

describe('help examples', () => {
  it('every example that is one fp command runs against fp server --seed demo (exit 0)', async () => {
    const runnable = all.filter((e) => !NEEDS_A_SHELL.test(e) && !OWN_WORLD.test(e) && !CREATED_FIRST.test(e));
    expect(runnable.length).toBeGreaterThan(35);
    const failed: string[] = [];
    for (const line of runnable) {
      await server.request('POST', '/__reference/reset', { token: DEMO_KEY });
      const env = { FP_BASE_URL: server.url, FP_API_KEY: DEMO_KEY };
      for (const [when, first] of FIRST) if (when.test(line)) await main(words(first(line)).slice(1), fakeIO({ env }));
      const io = fakeIO({ env });
      const code = await main(words(line).slice(1), io);
      // A destructive example without --yes shows the question; off a terminal that is the refusal.
      const asks = code === 2 && !line.includes('--yes') && io.err().includes('refusing without a terminal to confirm');
      if (code !== 0 && !asks) failed.push(`${line}\n    exit ${code}: ${io.err().trim()}`);
    }
    expect(failed).toEqual([]);
  }, 90_000);

  it("the kb examples, which write files and so run elsewhere, name the demo portal's knowledge-base tab", () => {
    const kbTabs = demoSeed().portals[0].tabs!.filter((t) => t.type === 'knowledge_base');
    const names = kbTabs.flatMap((t) => [String(t.id), t.slug, t.name]);
    const typed = all
      .filter((e) => e.startsWith('fp kb '))
      .flatMap((e) => [...e.matchAll(/--tab ("[^"]+"|\S+)/g)].map((m) => m[1].replace(/"/g, '')));
    expect(typed.length).toBeGreaterThan(5);
    expect(typed.filter((t) => !names.includes(t))).toEqual([]);
  });
});
