import { CACHED_SOURCES, cacheKey, cachedNames, type CachedSource } from '../../completion/name-cache.js';
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { terminalText } from '../../output/terminal-text.js';

/**
 * `fp __complete SOURCE`: the names completion scripts offer, one a line. Reads only local
 * files (the profile store, the names kept by the last `categories list`, `groups list` or
 * `posts list` of the profile or portal address in use), never the network, so TAB stays
 * quick and works offline.
 */
const names = defineCommand<{ source: 'profiles' | CachedSource }>({
  name: '__complete',
  hidden: true,
  description: 'Print the names completion offers for a source',
  args: [{ name: 'source', description: 'what to name', choices: ['profiles', ...CACHED_SOURCES] }],
  examples: ['fp __complete categories'],
  async run({ opts, f }) {
    let names: string[];
    if (opts.source === 'profiles') names = (await f.config()).list().map((p) => p.name);
    else {
      // The portal in use, as a command would find it; with none configured there is nothing to offer.
      const key = await f.credentials().then(cacheKey, () => undefined);
      names = key ? cachedNames(f.io.env, key, opts.source) : [];
    }
    // A name with a control character cannot be typed, and would reach the terminal as is: it is not offered.
    return { stream: names.filter((name) => terminalText(name) === name).map((name) => `${name}\n`) };
  },
});

/** Registered on its own, so TAB loads no other command. */
export const register = (program: Command, f: Factory): void => {
  names.register(program, f);
};
