import { ApiError } from '../../../client/errors.js';
import { checkBaseUrl } from '../../config/resolve-credentials.js';
import { factoryFor } from '../../config/scoped-factory.js';
import { AuthError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { canPrompt, noPromptReason, readAllStdin, type IO } from '../../io.js';
import { checkProfileName } from './profile-name.js';

interface LoginOptions {
  profile: string;
  /** From --base-url or FP_BASE_URL. */
  baseUrl?: string;
  /** Read the key from stdin instead of prompting. */
  withKey?: boolean;
}

/** The questions login asks on a terminal. */
interface LoginPrompts {
  baseUrl(defaultUrl: string | undefined): Promise<string>;
  apiKey(): Promise<string>;
}

function terminalPrompts(io: IO): LoginPrompts {
  const context = { input: io.stdin, output: io.stderr as NodeJS.WritableStream };
  return {
    async baseUrl(defaultUrl) {
      const { input } = await import('@inquirer/prompts');
      return input(
        { message: 'Portal address (e.g. https://feedback.example.com):', default: defaultUrl, required: true },
        context,
      );
    },
    async apiKey() {
      const { password } = await import('@inquirer/prompts');
      return password({ message: 'API key (Settings → API & webhooks):' }, context);
    },
  };
}

/** Check the key against GET /api/v1/portal and store it only when the portal accepts it. */
async function loginRun(opts: LoginOptions, f: Factory): Promise<void> {
  const prompts = terminalPrompts(f.io);
  const name = checkProfileName(opts.profile);
  if (!opts.withKey && !canPrompt(f.io)) {
    throw new UsageError(
      `${noPromptReason(f.io)} for the API key: pipe it in with --with-key ` +
        '(printf %s "$KEY" | fp auth login --with-key --base-url URL), or set FP_BASE_URL and FP_API_KEY and skip login',
    );
  }
  const store = await f.config();
  const existing = store.get(name);

  let baseUrl = opts.baseUrl;
  if (baseUrl === undefined && !opts.withKey) baseUrl = (await prompts.baseUrl(existing?.base_url)).trim();
  baseUrl ??= existing?.base_url;
  if (!baseUrl) throw new UsageError('missing portal address: pass --base-url URL (or set FP_BASE_URL)');
  baseUrl = checkBaseUrl(baseUrl);

  const apiKey = (opts.withKey ? await readAllStdin(f.io) : await prompts.apiKey()).trim();
  if (!apiKey) throw new UsageError(opts.withKey ? 'no API key on stdin' : 'no API key given');
  if (/\s/.test(apiKey)) throw new UsageError('the API key contains whitespace; pass exactly one key');

  const client = await factoryFor(f, { baseUrl, apiKey }).client();
  let title: string;
  try {
    ({
      data: { title },
    } = await client.call('portal.get', {}));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      throw new AuthError(`${baseUrl} refused the API key: ${err.message} (${err.status}); nothing was saved`);
    }
    throw err;
  }
  const wasCurrent = store.currentName();
  store.save(name, { base_url: baseUrl, api_key: apiKey }, true);
  const now =
    wasCurrent !== undefined && wasCurrent !== name ? `; it is now the current profile (was ${wasCurrent})` : '';
  f.status(`Logged in to ${title} as profile ${name}${now}`);
}

export default defineCommand<{ profile?: string; baseUrl?: string; withKey?: boolean }>({
  name: 'login',
  description: 'Store an API key for a portal after checking it (the key is asked for, never taken as a flag)',
  flags: [
    {
      flags: '--profile <name>',
      description: 'name to store the key under (default "default"; env FP_PROFILE)',
      complete: 'profiles',
    },
    {
      flags: '--base-url <url>',
      description: 'portal address (env FP_BASE_URL); asked for on a terminal when missing',
    },
    { flags: '--with-key', description: 'read the API key from stdin (for scripts and CI)' },
  ],
  examples: [
    'fp auth login --base-url https://feedback.example.com',
    'printf %s "$FP_KEY" | fp auth login --with-key --profile ci --base-url https://feedback.example.com',
  ],
  help: `On a terminal the portal address and the key are asked for (the key is not echoed).
Without a terminal, pass the key on stdin with --with-key; otherwise login exits 2.
The key is checked with GET /api/v1/portal before anything is saved: a refused key exits 4.
The saved profile becomes the current one. Profiles live in FP_CONFIG_DIR (or the platform's
config folder) in a file only you can read.`,
  run({ opts, f }) {
    // --profile and --base-url are also global options, so the root program usually receives them.
    const g = f.globals();
    return loginRun(
      {
        profile: opts.profile ?? g.profile ?? f.io.env.FP_PROFILE ?? 'default',
        baseUrl: opts.baseUrl ?? g.baseUrl ?? f.io.env.FP_BASE_URL,
        withKey: opts.withKey,
      },
      f,
    );
  },
});
