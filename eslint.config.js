// The layering of docs/architecture.md, enforced here rather than remembered:
//   contract <- seed-file, kb-archive, client <- mcp <- cli, server
// Nothing imports a layer above its own, the three middle folders stand beside each
// other without importing one another, and src/cli reaches src/server only from
// commands/server/, through the one entry src/server/entry.ts, imported lazily.
// Inside src/server the wings stand in SERVER_WINGS' order, and none imports one above it.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAYERS = ['contract', 'seed-file', 'kb-archive', 'client', 'mcp', 'cli', 'server'];
/** What each folder of src/ may import besides itself; the rest is refused. */
const MAY_IMPORT = {
  contract: [],
  'seed-file': ['contract'],
  'kb-archive': ['contract'],
  client: ['contract'],
  mcp: ['contract', 'seed-file', 'kb-archive', 'client'],
  cli: ['contract', 'seed-file', 'kb-archive', 'client', 'mcp'],
  server: ['contract', 'seed-file', 'kb-archive', 'client', 'mcp'],
};
function layerZones() {
  const zones = [];
  for (const layer of LAYERS) {
    const refused = LAYERS.filter((other) => other !== layer && !MAY_IMPORT[layer].includes(other));
    for (const other of refused) {
      if (layer === 'cli' && other === 'server') continue;
      zones.push({
        target: `./src/${layer}`,
        from: `./src/${other}`,
        message: `src/${layer} stands below or beside src/${other} and must not import it (docs/architecture.md).`,
      });
    }
  }
  zones.push(
    {
      target: [
        './src/cli/*.ts',
        './src/cli/!(commands)/**',
        './src/cli/commands/*.ts',
        './src/cli/commands/!(server)/**',
      ],
      from: './src/server',
      message: 'src/cli reaches src/server only from commands/server/, through src/server/entry.ts.',
    },
    {
      target: './src/cli/commands/server',
      from: './src/server',
      except: ['./entry.ts'],
      message: 'commands/server/ reaches src/server only through src/server/entry.ts.',
    },
  );
  return zones;
}

/**
 * The wings of src/server from the top down: the entry and start-up, the app's wiring, the
 * protocols (MCP over OAuth, webhooks), the API's handlers, the knowledge base, request
 * plumbing, presenters, the domain's rules, the store, and the outbound-request guard.
 */
const SERVER_WINGS = [
  'entry.ts',
  'start-server.ts',
  'app',
  'mcp-http',
  'oauth',
  'webhooks',
  'handlers',
  'kb',
  'http',
  'present',
  'domain',
  'store',
  'egress',
];
function serverWingZones() {
  const path = (wing) => `./src/server/${wing}`;
  return SERVER_WINGS.flatMap((wing, i) =>
    SERVER_WINGS.slice(0, i).map((above) => ({
      target: path(wing),
      from: path(above),
      message: `src/server/${wing} stands below src/server/${above} and must not import it (docs/architecture.md).`,
    })),
  );
}

export default tseslint.config(
  {
    ignores: ['dist/', 'coverage/', 'completions/', 'node_modules/', 'test/**/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: globals.node,
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A leading underscore names what is left unused on purpose (a property split off, a callback's slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Off: fp matches control characters on purpose (terminal-safe output, entry paths, link schemes,
      // escape sequences in terminal tests); here such a pattern is the point, not a typing slip.
      'no-control-regex': 'off',
    },
  },
  {
    // bin/ is CommonJS on purpose (bin/package.json): Node starts it without its ES module loader.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Off in tests: answers are parsed from JSON and checked whole with toEqual; a type written for
    // each would repeat what the assertion states.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones(), ...serverWingZones()] }],
      // A function reads in one screen: aim under 60 lines; past 80 (comments and blank lines counted) is refused.
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Text from outside meets many of these patterns: none may backtrack or move super-linearly
    // (docs/security.md, "No text stalls the server").
    files: ['src/**/*.ts'],
    ...regexpPlugin.configs['flat/recommended'],
    rules: {
      ...regexpPlugin.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // The plugin's set turns this on again; off for the reason given above.
      'no-control-regex': 'off',
    },
  },
  {
    // A pattern of the contract is also a pattern of the OpenAPI document and the MCP tool schemas,
    // which carry no flags and are read by validators of other languages (where \d may be any
    // Unicode digit): `[0-9]` and `[A-Za-z]` stay as written there.
    files: ['src/contract/**/*.ts'],
    rules: { 'regexp/prefer-d': 'off', 'regexp/prefer-w': 'off', 'regexp/use-ignore-case': 'off' },
  },
  {
    // The server is heavy: the CLI loads it only when `fp server` runs.
    files: ['src/cli/commands/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind!='type'][source.value=/\\/server\\/entry\\.js$/]",
          message: 'Import src/server/entry.ts with `await import()` (types may be imported statically).',
        },
      ],
    },
  },
);
