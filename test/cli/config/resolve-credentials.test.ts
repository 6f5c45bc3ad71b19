import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/cli/config/profile-store.js';
import { resolveCredentials } from '../../../src/cli/config/resolve-credentials.js';
import { AuthError, UsageError } from '../../../src/cli/errors.js';

let env: Record<string, string | undefined>;
let store: ProfileStore;
let opened: number;
const open = async () => {
  opened++;
  return store;
};

beforeEach(async () => {
  env = { FP_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'fp-creds-')) };
  store = await ProfileStore.open(env);
  store.save('default', { base_url: 'https://default.example.test', api_key: 'stored-default' }, true);
  store.save('staging', { base_url: 'https://staging.example.test/', api_key: 'stored-staging' }, false);
  opened = 0;
});

describe('credentials resolution', () => {
  it('the current profile is used when nothing is named', async () => {
    expect(await resolveCredentials({ env }, open)).toEqual({
      baseUrl: 'https://default.example.test',
      apiKey: 'stored-default',
      profile: 'default',
      keySource: 'profile',
      urlSource: 'profile',
    });
  });

  it('FP_API_KEY beats a stored key', async () => {
    const c = await resolveCredentials({ env: { ...env, FP_API_KEY: 'from-env' } }, open);
    expect(c).toMatchObject({
      apiKey: 'from-env',
      keySource: 'FP_API_KEY',
      baseUrl: 'https://default.example.test',
      profile: 'default',
    });
  });

  it('FP_BASE_URL and FP_API_KEY need no profile: the store is not even opened', async () => {
    const c = await resolveCredentials({ env: { FP_BASE_URL: 'http://127.0.0.1:8080/', FP_API_KEY: 'ci-key' } }, open);
    expect(c).toEqual({
      baseUrl: 'http://127.0.0.1:8080',
      apiKey: 'ci-key',
      profile: undefined,
      keySource: 'FP_API_KEY',
      urlSource: 'FP_BASE_URL',
    });
    expect(opened).toBe(0);
  });

  it('--base-url beats FP_BASE_URL', async () => {
    const c = await resolveCredentials(
      {
        baseUrlFlag: 'https://flag.example.test',
        env: { ...env, FP_BASE_URL: 'https://env.example.test', FP_API_KEY: 'k' },
      },
      open,
    );
    expect(c).toMatchObject({ baseUrl: 'https://flag.example.test', urlSource: '--base-url' });
  });

  it('--profile selects a stored profile', async () => {
    const c = await resolveCredentials({ profileFlag: 'staging', env }, open);
    expect(c).toMatchObject({ baseUrl: 'https://staging.example.test', apiKey: 'stored-staging', profile: 'staging' });
  });

  it('FP_PROFILE selects a stored profile, and --profile beats it', async () => {
    expect(await resolveCredentials({ env: { ...env, FP_PROFILE: 'staging' } }, open)).toMatchObject({
      profile: 'staging',
    });
    expect(
      await resolveCredentials({ profileFlag: 'default', env: { ...env, FP_PROFILE: 'staging' } }, open),
    ).toMatchObject({
      profile: 'default',
    });
  });

  it('a named profile that does not exist is an auth error naming it', async () => {
    await expect(resolveCredentials({ profileFlag: 'nope', env }, open)).rejects.toThrow(AuthError);
    await expect(resolveCredentials({ profileFlag: 'nope', env }, open)).rejects.toThrow('no profile named "nope"');
  });

  it('nothing configured is an auth error that says how to configure', async () => {
    const empty = { FP_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'fp-creds-empty-')) };
    store = await ProfileStore.open(empty);
    await expect(resolveCredentials({ env: empty }, open)).rejects.toThrow(
      'no portal configured: run `fp auth login`, or set FP_BASE_URL and FP_API_KEY',
    );
  });

  it('a base URL that is not http(s) is a usage error', async () => {
    await expect(resolveCredentials({ env: { FP_BASE_URL: 'ftp://x.test', FP_API_KEY: 'k' } }, open)).rejects.toThrow(
      UsageError,
    );
  });
});

describe("a stored key is bound to its profile's address", () => {
  it('--base-url naming another portal does not get the stored key: auth error (exit 4) naming both addresses', async () => {
    const err = await resolveCredentials({ baseUrlFlag: 'https://attacker.example.test', env }, open).catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.message).toBe(
      'the key of profile "default" belongs to https://default.example.test and is not sent to https://attacker.example.test (--base-url); ' +
        'set FP_API_KEY to a key for that portal, or store one with `fp auth login --base-url https://attacker.example.test --profile NAME`',
    );
  });

  it('FP_BASE_URL is held to the same rule', async () => {
    const err = await resolveCredentials(
      { env: { ...env, FP_PROFILE: 'staging', FP_BASE_URL: 'http://127.0.0.1:9/' } },
      open,
    ).catch((e) => e);
    expect(err.message).toMatch(
      /^the key of profile "staging" belongs to https:\/\/staging\.example\.test and is not sent to http:\/\/127\.0\.0\.1:9 \(FP_BASE_URL\)/,
    );
  });

  it('with FP_API_KEY the other address gets that key, never the stored one', async () => {
    const c = await resolveCredentials(
      { baseUrlFlag: 'https://other.example.test', env: { ...env, FP_PROFILE: 'staging', FP_API_KEY: 'env-key' } },
      open,
    );
    expect(c).toMatchObject({ baseUrl: 'https://other.example.test', apiKey: 'env-key', keySource: 'FP_API_KEY' });
  });

  it("the profile's own address written differently (case, default port, trailing slash) is the same address", async () => {
    for (const url of [
      'https://DEFAULT.example.test/',
      'https://default.example.test:443',
      'https://default.example.test',
    ]) {
      expect(await resolveCredentials({ baseUrlFlag: url, env }, open)).toMatchObject({
        apiKey: 'stored-default',
        keySource: 'profile',
      });
    }
    await expect(resolveCredentials({ baseUrlFlag: 'http://default.example.test', env }, open)).rejects.toThrow(
      AuthError,
    );
    await expect(resolveCredentials({ baseUrlFlag: 'https://default.example.test:8443', env }, open)).rejects.toThrow(
      AuthError,
    );
    await expect(resolveCredentials({ baseUrlFlag: 'https://default.example.test/evil', env }, open)).rejects.toThrow(
      AuthError,
    );
  });
});
