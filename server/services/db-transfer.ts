// Moving a game database from one Postgres to another (the embedded PGlite to a Postgres server):
// every table of the public schema, row by row, as JSON lines. Rows travel as Postgres' own
// row_to_json text and come back through json_populate_recordset, so every type (timestamps,
// jsonb, and json columns whose stored text a rerun compares byte for byte) lands as it left.
// The target must run the same migrations and be empty: an import never merges into live data.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const FORMAT = "lockstep-db-export";
const VERSION = 1;
const BATCH = 500;

export interface ExportHeader {
  format: typeof FORMAT;
  version: number;
  /** The last migration applied (drizzle's created_at), so an import needs the same schema. */
  migration: string;
  tables: { name: string; rows: number }[];
}

/** drizzle's execute gives PGlite's { rows } or postgres.js' array. */
async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

async function lastMigration(db: Db): Promise<string> {
  const [row] = await query<{ at: string | null }>(db, sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`);
  if (!row?.at) throw new Error("This database has no migrations applied");
  return row.at;
}

/** Tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const names = (await query<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.name);
  const refs = await query<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (n: string) => n.replace(/^"|"$/g, "");
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const r of refs) if (unquote(r.child) === name && unquote(r.parent) !== name) visit(unquote(r.parent));
    order.push(name);
  };
  for (const name of names) visit(name);
  return order;
}

/** Every row of every table, as lines: the header first, then one `{"t":table,"r":row}` a row. */
export async function exportDatabase(db: Db, write: (line: string) => void): Promise<ExportHeader> {
  return db.transaction(async (tx) => {
    // One snapshot for the whole export: no phase is half-copied while the database changes.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql`set local time zone 'UTC'`); // the same text for the same instant, whatever the server's zone
    const tables = await tablesInOrder(tx);
    const data: { name: string; rows: string[] }[] = [];
    for (const name of tables) {
      const rows = await query<{ r: string }>(tx, sql`select row_to_json(t)::text as r from ${sql.identifier(name)} t`);
      data.push({ name, rows: rows.map((x) => x.r) });
    }
    const header: ExportHeader = { format: FORMAT, version: VERSION, migration: await lastMigration(tx), tables: data.map((d) => ({ name: d.name, rows: d.rows.length })) };
    write(JSON.stringify(header));
    for (const d of data) for (const r of d.rows) write(`{"t":${JSON.stringify(d.name)},"r":${r}}`);
    return header;
  });
}

/** Load an export into an empty database of the same schema, in one transaction; serial ids continue after the moved rows. */
export async function importDatabase(db: Db, lines: Iterable<string>): Promise<ExportHeader> {
  const it = lines[Symbol.iterator]();
  const first = it.next();
  const header = (first.done ? undefined : JSON.parse(first.value)) as ExportHeader | undefined;
  if (header?.format !== FORMAT || header.version !== VERSION) throw new Error("Not a Lockstep database export (or from a newer version)");
  const migration = await lastMigration(db);
  if (migration !== header.migration)
    throw new Error(`The export was made at migration ${header.migration}, this database is at ${migration}: export and import with the same version of Lockstep`);
  const tables = await tablesInOrder(db);
  const unknown = header.tables.filter((t) => !tables.includes(t.name)).map((t) => t.name);
  if (unknown.length > 0) throw new Error(`This database has no table ${unknown.join(", ")}`);
  for (const name of tables) {
    const [row] = await query<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    if (row!.n > 0) throw new Error(`The target database is not empty (table ${name} has ${row!.n} rows): import only into a new database`);
  }
  // Group the rows by table; the export writes them table after table, parents first.
  const rows = new Map<string, unknown[]>();
  for (let next = it.next(); !next.done; next = it.next()) {
    if (next.value.trim() === "") continue;
    const { t, r } = JSON.parse(next.value) as { t: string; r: unknown };
    if (!rows.has(t)) rows.set(t, []);
    rows.get(t)!.push(r);
  }
  await db.transaction(async (tx) => {
    for (const name of tables) {
      const list = rows.get(name) ?? [];
      const table = sql.identifier(name);
      for (let i = 0; i < list.length; i += BATCH)
        await tx.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(list.slice(i, i + BATCH))}::json)`);
      const expected = header.tables.find((t) => t.name === name)?.rows ?? 0;
      if (list.length !== expected) throw new Error(`The export is cut short: table ${name} has ${list.length} of ${expected} rows`);
    }
    // Serial ids: the next one continues after the largest moved id.
    const serials = await query<{ table: string; column: string }>(
      tx,
      sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const s of serials) {
      const col = sql.identifier(s.column);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${s.table}, ${s.column}), coalesce((select max(${col}) from ${sql.identifier(s.table)}), 1), (select count(*) > 0 from ${sql.identifier(s.table)}))`,
      );
    }
  });
  return header;
}
