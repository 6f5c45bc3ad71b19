import { describe, expect, it } from 'vitest';
import { batchShape, boundValues, valuesList } from '../../../src/server/store/batch-shape.js';
import { openDatabase } from '../../../src/server/store/database.js';
import { Sql } from '../../../src/server/store/sql.js';
import { bulkInsert } from '../../../src/server/store/tables.js';

const COLUMNS = ['a', 'b', 'c', 'd', 'e'];

function table(): Sql {
  const sql = new Sql(openDatabase(':memory:'));
  sql.exec('CREATE TABLE t (row INTEGER PRIMARY KEY AUTOINCREMENT, a, b, c, d, e)');
  return sql;
}

const rowsOf = (sql: Sql) =>
  sql.all<Record<string, unknown>>('SELECT a, b, c, d, e FROM t ORDER BY row').map((r) => COLUMNS.map((k) => r[k]));

/** A small generator with a seed, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('batch shape: a value a batch repeats is bound once', () => {
  it('a column with one value in every row is bound once; one repeating an earlier column of its row names it', () => {
    const values = [1, 'x', 'x', null, 5, 1, 'y', 'y', null, 6];
    const shape = batchShape(values, 5, 2);
    expect([...shape.sources]).toEqual([-1, -2, 1, -1, -2]);
    expect(valuesList(shape, 2)).toBe('(?1, ?3, ?3, ?2, ?4), (?1, ?5, ?5, ?2, ?6)');
    expect(boundValues(values, shape, 2, [])).toEqual([1, null, 'x', 5, 'y', 6]);
  });

  it('values equal only in kind are not the same value: null, 0, "0" and "" stay apart', () => {
    const values = [0, null, '0', '', 0, null, '0', '', 0, 0, '0', null];
    const shape = batchShape(values, 4, 3);
    expect([...shape.sources]).toEqual([-1, -2, -1, -2]);
    const sql = table();
    sql.exec('CREATE TABLE u (row INTEGER PRIMARY KEY AUTOINCREMENT, a, b, c, d)');
    sql.run(`INSERT INTO u (a, b, c, d) VALUES ${valuesList(shape, 3)}`, boundValues(values, shape, 3, []));
    const back = sql.all<Record<string, unknown>>('SELECT a, b, c, d FROM u ORDER BY row');
    expect(back.flatMap((r) => [r.a, r.b, r.c, r.d])).toEqual(values);
  });

  it('bulk inserts give back exactly the rows given, in order, for many batches of repeating values', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
      // Few distinct values, so columns often repeat within a batch and within a row.
      const domain = [null, 0, 1, '', 'a', 'b', '2026-01-01T00:00:00.000Z'];
      const rows = Array.from({ length: Math.floor(next() * 300) }, () => {
        const steady = next() < 0.7;
        return COLUMNS.map((_, k) => (steady && k % 2 === 0 ? 'same' : pick(domain)));
      });
      const sql = table();
      bulkInsert(sql, 't', COLUMNS, rows);
      expect(rowsOf(sql), `seed ${seed}`).toEqual(rows);
    }
  });

  it('whole numbers counting up by one are bound once; a text of two is chosen by a number per row', () => {
    const rows = 10;
    const values = Array.from({ length: rows }, (_, r) => [
      41 + r,
      r % 4 === 0 ? 'pending' : 'approved',
      'x',
      r,
    ]).flat();
    const shape = batchShape(values, 4, rows);
    expect([...shape.sources]).toEqual([-3, -4, -1, -3]);
    expect(valuesList(shape, 2)).toBe(
      '(?1, (CASE ?6 WHEN 0 THEN ?2 ELSE ?3 END), ?4, ?5), ((?1 + 1), (CASE ?7 WHEN 0 THEN ?2 ELSE ?3 END), ?4, (?5 + 1))',
    );
    const sql = table();
    sql.exec('CREATE TABLE u (row INTEGER PRIMARY KEY AUTOINCREMENT, a INTEGER, b TEXT, c, d)');
    sql.run(`INSERT INTO u (a, b, c, d) VALUES ${valuesList(shape, rows)}`, boundValues(values, shape, rows, []));
    const back = sql.all<Record<string, unknown>>(
      'SELECT a, b, c, d, typeof(a) AS ta, typeof(b) AS tb FROM u ORDER BY row',
    );
    expect(back.flatMap((r) => [r.a, r.b, r.c, r.d])).toEqual(values);
    expect(new Set(back.map((r) => `${r.ta} ${r.tb}`))).toEqual(new Set(['integer text']));
  });

  it('bulk inserts give back exactly the rows given, for batches of ids, counts and texts of two', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      const start = Math.floor(next() * 1000) - 500;
      const rows = Array.from({ length: Math.floor(next() * 400) }, (_, i) => [
        next() < 0.95 ? start + i : Math.floor(next() * 1000),
        next() < 0.9 ? 'approved' : next() < 0.5 ? 'pending' : 'rejected',
        next() < 0.97 ? 'a' : next() < 0.5 ? 'b' : 7,
        next() < 0.5 ? 2 ** 53 - 1 - Math.floor(next() * 3) : 1.5 + i,
        next() < 0.99 ? start + i + 1 : null,
      ]);
      const sql = table();
      bulkInsert(sql, 't', COLUMNS, rows);
      expect(rowsOf(sql), `seed ${seed}`).toEqual(rows);
    }
  });
});
