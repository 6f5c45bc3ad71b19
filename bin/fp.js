#!/usr/bin/env node
// CommonJS (bin/package.json says so): Node starts a CommonJS entry without setting up its
// ES module loader, which a command does not need (the program, dist/cli.cjs, is CommonJS too).
const {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const Module = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const args = process.argv.slice(2);
const page = rootHelpPage(args);
if (page) process.stdout.write(page);
else run(args);

/**
 * `fp --help` as the build rendered it (dist/help.txt, 80 columns): the page is the
 * same every time, so it is printed without loading the program. A terminal of
 * another width gets the page wrapped to it by the program.
 */
function rootHelpPage(argv) {
  if (argv.length !== 1 || !['--help', '-h', 'help'].includes(argv[0])) return undefined;
  if (process.stdout.isTTY && process.stdout.columns !== 80) return undefined;
  try {
    return readFileSync(join(__dirname, '..', 'dist', 'help.txt'));
  } catch {
    return undefined;
  }
}

async function run(argv) {
  const cache = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : cacheFolder();
  // Node 22.1+ keeps the compiled code of the packages fp loads (undici, chalk…) in the cache
  // folder too (NODE_COMPILE_CACHE, when set, names another).
  if (cache && typeof Module.enableCompileCache === 'function') {
    const compiled = process.env.NODE_COMPILE_CACHE || join(cache, 'compile-cache');
    // Node would make fp's folders as the umask allows: made private first (D-CACHE-DIR-PRIVATE).
    if (!process.env.NODE_COMPILE_CACHE) privateFolder(compiled);
    Module.enableCompileCache(compiled);
  }
  const program = loadProgram(cache && join(cache, 'code-cache'), cacheBucket(argv));
  process.exitCode = await program.main(argv);
  if (process.exitCode === 0) program.keepCode();
}

/**
 * Makes `dir` (and any folder above it that is missing) readable by its owner only, as the
 * config folder is: what a cache holds tells which portals and seeds were used. A folder that
 * cannot be made only costs time.
 */
function privateFolder(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  } catch {
    // no cache then
  }
}

/** fp's folder in the platform's cache folder. */
function cacheFolder() {
  const env = process.env;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'fp');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'fp', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fp');
}

/**
 * Which code cache a command uses: the first word of its command line, most often the command
 * group (`posts`). A cache holds the functions of the run that wrote it; one written by another
 * group's command would hold what this one does not run and miss what it does.
 */
function cacheBucket(argv) {
  const word = argv.find((a) => !a.startsWith('-'));
  return word && /^[a-z_][a-z0-9_-]{0,30}$/.test(word) ? word : 'other';
}

/**
 * Runs dist/cli.cjs, the whole program in one CommonJS file, compiled from the V8 code cache
 * kept in `folder` for this build, this Node and this bucket of commands, when there is one.
 * `keepCode()`, called when a command has succeeded, writes that cache when it was missing or
 * refused: it then holds the functions the command compiled, not only the file's top level.
 */
function loadProgram(folder, bucket) {
  const file = join(__dirname, '..', 'dist', 'cli.cjs');
  // The build writes it in ASCII: read as Latin-1, the text is the same, a byte a character.
  const source = readFileSync(file, 'latin1');
  // The build ends the file with a hash of its content: V8 checks the length of the source a
  // cache was made from, not its text, so the name of the cache file must say which build.
  const build = /\/\/# fp-build=([0-9a-f]+)\s*$/.exec(source.slice(-80))?.[1];
  const prefix = build && `cli-${build}-${process.version}-${process.arch}-`;
  const cacheFile = folder && prefix && join(folder, `${prefix}${bucket}.bin`);
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  // V8 accepts a cache made under the flags it runs with. A command that changes them as it
  // runs (the undici client sets --liftoff-only) would write a cache that every later run,
  // started without them, refuses and writes again: such a command writes none. Read only by
  // a run that may write one; a run from the cache skips it.
  const tagAtStart = cacheFile && !cached ? v8CacheTag() : undefined;
  const loaded = { exports: {} };
  script.runInThisContext()(loaded.exports, Module.createRequire(file), loaded, file, dirname(file));
  return {
    main: loaded.exports.main,
    keepCode() {
      if (!cacheFile || cached || v8CacheTag() !== tagAtStart) return;
      try {
        privateFolder(dirname(folder));
        privateFolder(folder);
        // Written aside and renamed: a run starting meanwhile reads the old file or the new one.
        const partial = `${cacheFile}.${process.pid}`;
        writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        renameSync(partial, cacheFile);
        pruneOldCaches(folder, prefix);
      } catch {
        // a cache folder that cannot be written only costs time
      }
    },
  };
}

/** What V8 checks a code cache against: its version, its flags (as they are now) and the CPU. */
function v8CacheTag() {
  return require('node:v8').cachedDataVersionTag();
}

/** Keeps the caches of this build and Node (24 buckets at most) and those of the three most recent others. */
function pruneOldCaches(folder, current) {
  const files = readdirSync(folder)
    .map((name) => ({ name, path: join(folder, name), mtime: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const others = [];
  let ours = 0;
  for (const { name, path } of files) {
    if (name.startsWith(current)) {
      if (++ours > 24) rmSync(path, { force: true });
      continue;
    }
    const build = name.replace(/-[^-]*$/, '');
    if (!others.includes(build)) others.push(build);
    if (others.indexOf(build) >= 3) rmSync(path, { force: true });
  }
}
