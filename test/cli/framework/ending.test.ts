import { describe, expect, it } from 'vitest';
import { SilentExit, UsageError } from '../../../src/cli/errors.js';
import { defineCommand } from '../../../src/cli/framework/define-command.js';
import type { Ending } from '../../../src/cli/framework/ending.js';
import type { GlobalOptions } from '../../../src/cli/global-options.js';
import { fakeFactory, fakeIO, type FakeIOOptions } from '../../support/fake-io.js';
import { runCommand } from '../support/run-command.js';

/** A verb that ends with `ending`, run with these global flags. */
async function ended(ending: () => Ending, globals: GlobalOptions = {}, io = fakeIO()) {
  const verb = defineCommand({ name: 'verb', examples: [], run: async () => ending() });
  const error = await runCommand(verb, [], fakeFactory(io, { globals })).then(
    () => undefined,
    (err: unknown) => err,
  );
  return { out: io.out(), err: io.err(), error };
}

const terminal = (opts: FakeIOOptions = {}) => fakeIO({ tty: true, env: { CI: undefined }, ...opts });

describe('stream ending', () => {
  it('writes text and bytes in order, exactly, and a json chunk through --jq', async () => {
    const chunks = async function* () {
      yield 'one\n';
      yield new Uint8Array([0x1b, 0x5b, 0x32, 0x4a]);
      yield { json: { a: [1, 2] } };
    };
    expect((await ended(() => ({ stream: chunks() }))).out).toBe('one\n\x1b[2J{\n  "a": [\n    1,\n    2\n  ]\n}\n');
    expect((await ended(() => ({ stream: chunks() }), { jq: '.a[1]' })).out).toBe('one\n\x1b[2J2\n');
  });

  it('does not check the output flags when it needs no output', async () => {
    const r = await ended(() => ({ stream: ['as is\n'] }), { format: 'bogus' });
    expect(r).toEqual({ out: 'as is\n', err: '', error: undefined });
  });
});

describe('report ending', () => {
  it('people get the text (coloured only in a table), JSON gets the data, and `after` follows', async () => {
    const report = (): Ending => ({
      report: (colour) => (colour ? 'table\n' : 'plain\n'),
      data: { n: 1 },
      after: () => {
        throw new SilentExit(3);
      },
    });
    const piped = await ended(report);
    expect(piped.out).toBe('plain\n');
    expect((piped.error as SilentExit).code).toBe(3);
    expect((await ended(report, { format: 'table' })).out).toBe('table\n');
    expect(JSON.parse((await ended(report, { json: true })).out)).toEqual({ n: 1 });
  });
});

describe('plan ending', () => {
  const plan = (yes?: boolean): Ending => ({
    plan: () => '+ one\n',
    data: { plan: true },
    apply: {
      warnings: ['warning: careful'],
      confirm: 'Apply?',
      yes,
      declined: 'Nothing applied.',
      run: async () => ({ report: () => 'applied\n', data: { applied: true } }),
    },
  });

  it('shows the plan, then the warnings, then applies with --yes and shows the result', async () => {
    expect(await ended(() => plan(true))).toEqual({
      out: '+ one\napplied\n',
      err: 'warning: careful\n',
      error: undefined,
    });
  });

  it('JSON keeps stdout for the result: the plan goes to stderr', async () => {
    const r = await ended(() => plan(true), { json: true });
    expect(r.err).toBe('+ one\nwarning: careful\n');
    expect(JSON.parse(r.out)).toEqual({ applied: true });
  });

  it('without a terminal or --yes it refuses after showing the plan, and applies nothing', async () => {
    const r = await ended(() => plan());
    expect(r.out).toBe('+ one\n');
    expect(r.error).toBeInstanceOf(UsageError);
    expect((r.error as Error).message).toBe('Apply: refusing without a terminal to confirm; pass --yes to proceed');
  });

  it('only shown, without apply, it is a report', async () => {
    const r = await ended(() => ({ plan: () => '+ one\n', data: { plan: true } }), { format: 'ndjson' });
    expect(JSON.parse(r.out)).toEqual({ plan: true });
  });
});

describe('session ending', () => {
  it('prints on stdout and talks on stderr', async () => {
    const r = await ended(
      () => ({
        session: async (talk) => {
          talk.say('question?\n');
          talk.print('https://example.test/p/1\n');
        },
      }),
      {},
      terminal(),
    );
    expect(r).toEqual({ out: 'https://example.test/p/1\n', err: 'question?\n', error: undefined });
  });
});
