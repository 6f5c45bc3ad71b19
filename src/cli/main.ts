import { Command, CommanderError, Option } from 'commander';
import { COMMAND_GROUPS } from './command-groups.js';
import { describeFailure, EXIT, UsageError } from './errors.js';
import { createFactory, type Factory } from './factory.js';
import type { GlobalOptions } from './global-options.js';
import { withCompletionValues } from './completion/completion-values.js';
import { processIO, type IO } from './io.js';
import { OUTPUT_FORMATS } from './output/format.js';

declare const __FP_VERSION__: string | undefined;
const VERSION = typeof __FP_VERSION__ === 'string' ? __FP_VERSION__ : '0.0.0-dev';

/** Global options that take a value, so the command word can be found without loading anything. */
const VALUE_OPTIONS = new Set([
  '--profile',
  '--base-url',
  '--format',
  '--timeout',
  '--fields',
  '--jq',
  '--max-response',
]);

function commandWord(argv: string[]): { word?: string; next?: string } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return {};
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return { word: a, next: argv.slice(i + 1).find((x) => !x.startsWith('-')) };
  }
  return {};
}

/** The root program; `loadAll` registers every group (help of the whole tree, completion). */
export async function buildProgram(io: IO, argv: string[], loadAll = false, factory?: Factory): Promise<Command> {
  const program = new Command('fp');
  const f = factory ?? createFactory(io, VERSION, () => program.opts<GlobalOptions>());
  program
    .description(
      'Administer a hosted feedback portal from the terminal: posts, comments, moderation, groups, knowledge base.',
    )
    .helpOption('-h, --help', 'show help')
    .addOption(
      withCompletionValues(
        new Option('--profile <name>', 'stored portal profile to use (env FP_PROFILE)'),
        [],
        'profiles',
      ),
    )
    .option('--base-url <url>', 'portal address (env FP_BASE_URL)')
    .option('--json', 'print the data as JSON')
    .option('--fields <a,b,c>', 'keep only these fields (every format); an unknown field lists the available ones')
    .option('--jq <expr>', 'filter the JSON output with a jq expression (implies --json; runs in-process)')
    .addOption(
      withCompletionValues(new Option('--format <format>', 'output format: table, json, ndjson, csv'), OUTPUT_FORMATS),
    )
    .option('--no-color', 'no colour (env NO_COLOR)')
    .option('--debug', 'log each HTTP exchange on stderr, key redacted (env FP_DEBUG=1)')
    .option(
      '--timeout <seconds>',
      'give up on a request after this long, retries and waits included, e.g. 120 or 500ms (default 120); with --wait, on the whole wait (default 30 min)',
    )
    .option(
      '--max-response <size>',
      'the most one answer may hold, e.g. 64MB (the default) or 1GB (env FP_MAX_RESPONSE); a larger one is refused while it arrives',
    )
    .showSuggestionAfterError(true)
    .addHelpCommand(false)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ fp auth login --base-url https://feedback.example.com
  $ fp posts list --status "Under review" --order-by votes_count --order desc
  $ fp moderation pending --all --jq '.[] | "\\(.type) \\(.id)"'

Exit codes: 0 ok, 1 request failed, 2 usage error, 3 changes pending (kb sync preview --exit-code) or drift (portal drift), 4 auth, 130 interrupted.`,
    );

  const { word, next } = commandWord(argv);
  const wanted = word === 'help' ? next : word;
  // Only the bare program answers --version: `fp posts list --version 1.2` is the posts filter.
  // `fp help` shows the bare program's page, so it lists --version too.
  if (!word || (word === 'help' && !next) || loadAll) program.version(VERSION, '-V, --version', 'print the version');
  const everything = loadAll || wanted === 'completion';
  for (const group of COMMAND_GROUPS) {
    if (everything || group.name === wanted) (await group.load()).register(program, f);
    else program.command(group.name, { hidden: group.hidden }).description(group.summary);
  }
  return program;
}

/**
 * `fp help a b` is `fp a b --help`; a topic that names no command is a usage error.
 * Resolves to the argv to run.
 */
function helpArgv(program: Command, argv: string[]): string[] {
  const topics = argv.slice(1).filter((a) => !a.startsWith('-'));
  if (topics.length === 0) return ['--help'];
  let cmd = program;
  for (const topic of topics) {
    const next = cmd.commands.find((c) => c.name() === topic || c.aliases().includes(topic));
    if (!next) {
      const known = cmd.commands
        .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
        .map((c) => c.name())
        .filter((n) => n !== 'help');
      const where = cmd === program ? 'fp' : `fp ${topics.slice(0, topics.indexOf(topic)).join(' ')}`;
      throw new UsageError(`unknown help topic "${topics.join(' ')}": ${where} has ${known.join(', ')}`);
    }
    cmd = next;
  }
  return [...topics, '--help'];
}

/** Run `fp` with arguments (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[], io: IO = processIO()): Promise<number> {
  let program: Command | undefined;
  const f = createFactory(io, VERSION, () => program?.opts<GlobalOptions>() ?? {});
  try {
    // Prompts (loaded later) decide on colour from the environment when they load.
    const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    if (flags.includes('--no-color')) io.env.NO_COLOR ??= '1';
    program = await buildProgram(io, argv, false, f);
    if (argv[0] === 'help') argv = helpArgv(program, argv);
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
        return EXIT.ok;
      if (err.code === 'commander.executeSubCommandAsync') return EXIT.ok;
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const g = program?.opts<GlobalOptions>() ?? {};
    const raw = Boolean(g.json || g.jq !== undefined || g.debug || io.env.FP_DEBUG === '1');
    const { code, lines } = describeFailure(err, { raw });
    for (const line of lines) io.stderr.write(`${line}\n`);
    return code;
  } finally {
    await f.close();
  }
}
