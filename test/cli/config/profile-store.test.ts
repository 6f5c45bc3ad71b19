import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfigDir } from '../../../src/cli/config/config-file.js';
import { ProfileStore } from '../../../src/cli/config/profile-store.js';
import { main } from '../../../src/cli/main.js';
import { fakeIO } from '../../support/fake-io.js';

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

  describe('a damaged file is a clear error naming it and how to recover, never a stack trace', () => {
    const file = () => join(dir, 'config.json');
    const recovery = () =>
      `fix it by hand, or move it aside (mv "${file()}" "${file()}.bak") and run \`fp auth login\` again`;

    it.each([
      ['{ not json', 'is not valid JSON'],
      ['[]', 'does not hold fp profiles (Invalid input: expected object, received array)'],
      ['null', 'does not hold fp profiles (Invalid input: expected object, received null)'],
      ['{"profiles": 5}', 'does not hold fp profiles (profiles: Invalid input: expected record, received number)'],
      [
        '{"profiles": {"a": {"base_url": 1, "api_key": "k"}}}',
        'does not hold fp profiles (profiles.a.base_url: Invalid input: expected string, received number)',
      ],
      [
        '{"current": 3, "profiles": {}}',
        'does not hold fp profiles (current: Invalid input: expected string, received number)',
      ],
    ])('%s', async (content, problem) => {
      (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('a', PROFILE, true);
      writeFileSync(file(), content);
      await expect(ProfileStore.open({ FP_CONFIG_DIR: dir })).rejects.toThrow(
        `the config file ${file()} ${problem}: ${recovery()}`,
      );
      // the same error when the file is only read (without conf)
      await expect(ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true })).rejects.toThrow(
        `the config file ${file()} ${problem}: ${recovery()}`,
      );
      expect(readFileSync(file(), 'utf8')).toBe(content);
    });

    it('an unreadable file is the same error whether the store is opened for writing or reading', async () => {
      mkdirSync(file(), { recursive: true });
      const message = `cannot read the config file ${file()} (EISDIR)`;
      await expect(ProfileStore.open({ FP_CONFIG_DIR: dir })).rejects.toThrow(message);
      await expect(ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true })).rejects.toThrow(message);
    });

    it('a command reading it prints one line and exits 1', async () => {
      (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('a', PROFILE, true);
      writeFileSync(file(), '{"profiles": []}');
      const io = fakeIO({ env: { FP_CONFIG_DIR: dir } });
      expect(await main(['auth', 'list'], io)).toBe(1);
      expect(io.err()).toBe(
        `error: the config file ${file()} does not hold fp profiles (profiles: Invalid input: expected record, received array): ${recovery()}\n`,
      );
    });

    it('an empty file is an empty store', async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file(), '');
      expect((await ProfileStore.open({ FP_CONFIG_DIR: dir })).list()).toEqual([]);
      expect((await ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true })).list()).toEqual([]);
    });
  });

  describe('a store opened for reading (credentials of a command)', () => {
    it('reads what conf wrote: profiles, the current one, a missing file as an empty store', async () => {
      expect((await ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true })).list()).toEqual([]);
      const writer = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      writer.save('a', PROFILE, true);
      writer.save('b', { base_url: 'https://b.example.test', api_key: 'key-bbbb-5678' }, false);
      writer.switchTo('b');
      const reader = await ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true });
      expect(reader.list()).toEqual(writer.list());
      expect(reader.currentName()).toBe('b');
      expect(reader.get('a')).toEqual(PROFILE);
    });

    it('refuses changes and leaves the file as it was', async () => {
      (await ProfileStore.open({ FP_CONFIG_DIR: dir })).save('a', PROFILE, true);
      const before = readFileSync(join(dir, 'config.json'), 'utf8');
      const reader = await ProfileStore.open({ FP_CONFIG_DIR: dir }, { readOnly: true });
      expect(() => reader.save('b', PROFILE, true)).toThrow(
        `the config file ${join(dir, 'config.json')} was opened for reading only`,
      );
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    });
  });

  describe('writes', () => {
    it('replace the file through a temp file and leave no temp or lock behind', async () => {
      const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      store.save('a', PROFILE, true);
      store.save('b', PROFILE, false);
      expect(readdirSync(dir).sort()).toEqual(['config.json']);
      expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
        current: 'a',
        profiles: { a: PROFILE, b: PROFILE },
      });
    });

    it('read the file afresh under the lock, so a profile another process saved meanwhile is kept', async () => {
      const mine = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      const theirs = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      mine.save('mine', PROFILE, true);
      theirs.save('theirs', PROFILE, false);
      mine.save('again', PROFILE, false);
      expect(mine.list().map((p) => p.name)).toEqual(['mine', 'theirs', 'again']);
    });

    it('a lock left behind by a process that died is taken over once stale', async () => {
      const store = await ProfileStore.open({ FP_CONFIG_DIR: dir });
      store.save('a', PROFILE, true);
      const lock = join(dir, 'config.json.lock');
      mkdirSync(lock);
      const old = new Date(Date.now() - 60_000);
      utimesSync(lock, old, old);
      store.save('b', PROFILE, false);
      expect(existsSync(lock)).toBe(false);
      expect(store.list().map((p) => p.name)).toEqual(['a', 'b']);
    });
  });

  it('without FP_CONFIG_DIR the platform config folder is used', () => {
    expect(defaultConfigDir({}, 'linux', '/home/u')).toBe('/home/u/.config/fp');
    expect(defaultConfigDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/fp');
    expect(defaultConfigDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Preferences/fp');
  });
});
