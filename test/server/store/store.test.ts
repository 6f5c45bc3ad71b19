import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeed } from '../../../src/server/store/load-seed.js';
import { FilePersistence } from '../../../src/server/store/persist-file.js';
import { Store, stripPort } from '../../../src/server/store/store.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const freshStore = (persistence?: FilePersistence) => new Store(loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z')), persistence);

describe('Store', () => {
  it('Store.reset restores one portal only', () => {
    const store = freshStore();
    store.portals[0].groups = [];
    store.portals[0].title = 'Changed';
    store.portals[1].title = 'Also changed';
    store.reset(1);
    expect(store.portals[0].title).toBe('Test Portal');
    expect(store.portals[0].groups).toHaveLength(2);
    expect(store.portals[1].title).toBe('Also changed');
    store.reset(2);
    expect(store.portals[1].title).toBe('Other Portal');
  });

  it('reset goes back to the state as loaded, not to what later changes shared with it', () => {
    const store = freshStore();
    store.portals[0].feedback[0].feedback = 'mutated in place';
    store.reset(1);
    expect(store.portals[0].feedback[0].feedback).toBe('Love the new dashboard');
    store.portals[0].feedback[0].feedback = 'mutated again';
    store.reset(1);
    expect(store.portals[0].feedback[0].feedback).toBe('Love the new dashboard');
  });

  it('reset of an unknown portal id changes nothing', () => {
    const store = freshStore();
    const before = JSON.stringify(store.state);
    store.reset(99);
    expect(JSON.stringify(store.state)).toBe(before);
  });

  it('reset can go back to a given state instead of the loaded one', () => {
    const seed = loadSeed(fixtureSeed());
    const data = loadSeed(fixtureSeed());
    data.portals[0].title = 'From the data file';
    const store = new Store(data, undefined, seed);
    store.reset(1);
    expect(store.portals[0].title).toBe('Test Portal');
  });

  it('picks the portal by Host without port and case; unknown hosts get the default portal', () => {
    const store = freshStore();
    expect(store.portalForHost('other.localhost').title).toBe('Other Portal');
    expect(store.portalForHost('OTHER.localhost:4010').title).toBe('Other Portal');
    expect(store.portalForHost('127.0.0.2:80').title).toBe('Other Portal');
    expect(store.portalForHost('unknown.test').title).toBe('Test Portal');
    expect(store.portalForHost(undefined).title).toBe('Test Portal');
  });

  it('stripPort handles names, IPv4 and bracketed IPv6', () => {
    expect(stripPort('a.localhost:8080')).toBe('a.localhost');
    expect(stripPort('a.localhost')).toBe('a.localhost');
    expect(stripPort('127.0.0.1:1')).toBe('127.0.0.1');
    expect(stripPort('[::1]:4010')).toBe('[::1]');
    expect(stripPort('::1')).toBe('::1');
  });

  it('commit writes the current state to the data file, and is a no-op without one', async () => {
    await expect(freshStore().commit()).resolves.toBeUndefined();
    const dir = await mkdtemp(join(tmpdir(), 'fp-store-'));
    try {
      const file = join(dir, 'data.json');
      const store = freshStore(new FilePersistence(file));
      store.portals[0].title = 'Committed';
      await store.commit();
      const onDisk = JSON.parse(await readFile(file, 'utf8'));
      expect(onDisk.portals[0].title).toBe('Committed');
      expect(loadSeed(onDisk)).toEqual(store.state);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
