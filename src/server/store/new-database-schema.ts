/** What is read of the database (database.ts's Database has it). */
interface Database {
  prepare(sql: string): { all(params: unknown[]): unknown[]; get(params: unknown[]): unknown };
}

/** Rows the migrations may leave (counters of `sequences`) are copied; a database holding more is made by the migrations. */
const MAX_ROWS = 100;

/**
 * The statements that make, at once, what a database holds right after the migrations: its
 * tables, indexes and triggers as SQLite keeps them, and the few rows the migrations wrote. A new
 * database is made this way in about a third of the time of the migrations one by one, whose
 * ALTER TABLEs each read the whole schema again. Undefined when `db` holds more than that.
 */
export function statementsMaking(db: Database): string | undefined {
  const objects = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )
    .all([]) as Array<{ type: string; name: string; sql: string }>;
  const statements = objects.map((o) => `${o.sql};`);
  const tables = objects.filter((o) => o.type === 'table').map((o) => o.name);
  // AUTOINCREMENT's counters as they were: the rows copied above set them to their highest row, so they are cleared first.
  if (hasTable(db, 'sqlite_sequence')) tables.push('sqlite_sequence');
  let rows = 0;
  for (const table of tables) {
    // Stored columns only: a generated one is computed, never written.
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all([]) as Array<{ name: string }>).map((c) => c.name);
    const list = columns.map((c) => `"${c}"`).join(', ');
    if (table === 'sqlite_sequence') statements.push('DELETE FROM sqlite_sequence;');
    for (const row of db.prepare(`SELECT ${list} FROM "${table}"`).all([]) as Array<Record<string, unknown>>) {
      if (++rows > MAX_ROWS) return undefined;
      const values = columns.map((c) => literal(row[c]));
      if (values.includes(undefined)) return undefined;
      statements.push(`INSERT INTO "${table}" (${list}) VALUES (${values.join(', ')});`);
    }
  }
  return statements.join('\n');
}

function hasTable(db: Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get([name]) !== undefined;
}

/** A value as SQL text; undefined for one this copy does not write (a blob). */
function literal(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return undefined;
}
