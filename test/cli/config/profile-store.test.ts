import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/cli/config/profile-store.js';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'fp-store-')), 'nested', 'fp');
});

const mode = (path: string) => statSync(path).mode & 0o777;
const PROFILE = { base_url: 'https://a.example.test', api_key: 'key-aaaa-1234' };

describe('profile store', () => {
  describe('with a permissive umask', () => {
    let previous: number;
    beforeEach(() => {
      previous = process.umask(0o022);
    });
    afterEach(() => {
      process.umask(previous);
    });

    it('the config file is 0600 and its folder 0700', async () => {
      const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      store.save('default', PROFILE, true);
      expect(store.path).toBe(join(dir, 'config.json'));
      expect(mode(store.path)).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
    });

    it('a folder and file left readable by others are tightened when the store is opened', async () => {
      (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('default', PROFILE, true);
      const { chmodSync } = await import('node:fs');
      chmodSync(dir, 0o755);
      chmodSync(join(dir, 'config.json'), 0o644);
      await ProfileStore.open({ FP_CONFIG_DIR: dir });
      expect(mode(join(dir, 'config.json'))).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
    });

    it('every write keeps the file 0600', async () => {
      const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      store.save('a', PROFILE, true);
      store.save('b', PROFILE, false);
      store.switchTo('b');
      store.remove('a');
      expect(mode(store.path)).toBe(0o600);
    });
  });

  it('FP_CONFIG_DIR moves the store', async () => {
    const other = mkdtempSync(join(tmpdir(), 'fp-store-other-'));
    (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('here', PROFILE, true);
    const there = await ProfileStore.open({ FP_CONFIG_DIR: other });
    expect(there.path).toBe(join(other, 'config.json'));
    expect(there.list()).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.here).toEqual(PROFILE);
  });

  it('the saved profile becomes current when asked, and the first one always', async () => {
    const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
    store.save('first', PROFILE, false);
    expect(store.currentName()).toBe('first');
    store.save('second', PROFILE, false);
    expect(store.currentName()).toBe('first');
    store.save('third', PROFILE, true);
    expect(store.currentName()).toBe('third');
    expect(store.list().map((p) => [p.name, p.current])).toEqual([
      ['first', false],
      ['second', false],
      ['third', true],
    ]);
  });

  it('removing the current profile leaves none current when several remain', async () => {
    const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
    store.save('a', PROFILE, true);
    store.save('b', PROFILE, false);
    store.save('c', PROFILE, true);
    expect(store.remove('c')).toBe(true);
    expect(store.currentName()).toBeUndefined();
    expect(store.remove('c')).toBe(false);
    store.remove('b');
    expect(store.currentName()).toBe('a');
  });

  it('switching to an unknown profile changes nothing', async () => {
    const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
    store.save('a', PROFILE, true);
    expect(store.switchTo('nope')).toBe(false);
    expect(store.currentName()).toBe('a');
  });

  it('a file that is not JSON is reported with its path', async () => {
    (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('a', PROFILE, true);
    writeFileSync(join(dir, 'config.json'), '{ not json');
    await expect(ProfileStore.open({ FP_CONFIG_DIR: dir })).rejects.toThrow(`cannot read the stored profiles in ${join(dir, 'config.json')}`);
    expect(existsSync(join(dir, 'config.json'))).toBe(true);
  });
});
