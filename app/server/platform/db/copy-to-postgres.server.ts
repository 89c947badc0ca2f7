// Moving an academy from the embedded database to a PostgreSQL server: every row of every table, copied into an
// empty database migrated to the same version, then checked table by table (row counts) and the id sequences moved
// past the copied ids. Tables are copied parents first (the foreign keys as PostgreSQL reports them), with the tables'
// own triggers off during the copy (the counters and summaries they keep are copied as rows, and the audit log's
// append-only trigger would refuse nothing here anyway: rows are only added). Nothing is written to the source.
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";

const BATCH = 500;

export interface CopyResult {
  tables: Array<{ table: string; source: number; target: number }>;
  mismatched: string[];
}

/** The app's tables in an order where every table comes after those it references. */
async function tablesInOrder(target: postgres.Sql): Promise<string[]> {
  const tables = (await target<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`).map((r) => r.name);
  const edges = await target<{ child: string; parent: string }[]>`
    select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`;
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (done.has(table)) return;
    if (path.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    path.add(table);
    for (const e of edges) if (e.child === table) visit(e.parent, path);
    path.delete(table);
    done.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Refuses a target that already holds an academy: an account or a course. (Its migrations alone seed a few rows, such
 * as the counters' slots: those are replaced by the source's.)
 */
export async function assertEmpty(target: postgres.Sql) {
  for (const table of ["user", "course"]) {
    const [row] = await target.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table}"`);
    if (row!.n > 0) throw new Error(`The target database is not empty: table ${table} has ${row!.n} rows. Use an empty database.`);
  }
}

export async function copyEmbeddedToPostgres(source: PGlite, target: postgres.Sql, onTable: (table: string, rows: number) => void = () => {}): Promise<CopyResult> {
  const tables = await tablesInOrder(target);
  const result: CopyResult = { tables: [], mismatched: [] };
  await target.begin(async (tx) => {
    for (const table of tables) await tx.unsafe(`alter table "${table}" disable trigger user`);
    // What the migrations seeded gives way to the source's rows (children first).
    for (const table of [...tables].reverse()) await tx.unsafe(`delete from "${table}"`);
    for (const table of tables) {
      const columns = (
        await tx<{ name: string }[]>`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`
      ).map((c) => c.name);
      // Values travel as text and are cast back to their columns' types by PostgreSQL: the same server version's text
      // forms on both sides, so timestamps, arrays, numbers and jsonb arrive exactly as stored.
      const { rows } = await source.query<Record<string, string | null>>(`select ${columns.map((c) => `"${c}"::text as "${c}"`).join(", ")} from "${table}" order by 1`);
      for (let i = 0; i < rows.length; i += BATCH) await insertTyped(tx, table, columns, rows.slice(i, i + BATCH));
      onTable(table, rows.length);
    }
    for (const table of tables) await tx.unsafe(`alter table "${table}" enable trigger user`);
    // Serial ids continue after the copied ones.
    const sequences = await tx<{ table: string; column: string; seq: string }[]>`
      select c.table_name as table, c.column_name as column, pg_get_serial_sequence(format('%I', c.table_name), c.column_name) as seq
      from information_schema.columns c where c.table_schema = 'public' and pg_get_serial_sequence(format('%I', c.table_name), c.column_name) is not null`;
    for (const s of sequences) {
      await tx.unsafe(`select setval('${s.seq}', coalesce((select max("${s.column}") from "${s.table}"), 0) + 1, false)`);
    }
  });
  for (const table of tables) {
    const { rows } = await source.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    const [row] = await target.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table}"`);
    const entry = { table, source: rows[0]!.n, target: row!.n };
    result.tables.push(entry);
    if (entry.source !== entry.target) result.mismatched.push(table);
  }
  return result;
}

/** One batch: each value sent as text and cast to its column's type by PostgreSQL. */
async function insertTyped(tx: postgres.TransactionSql, table: string, columns: string[], batch: Record<string, string | null>[]) {
  if (batch.length === 0) return;
  const types = await columnTypes(tx, table);
  const params: (string | null)[] = [];
  const tuples = batch.map(
    (row) => `(${columns.map((c) => {
      params.push(row[c] ?? null);
      return `$${params.length}::text::${types.get(c)}`;
    }).join(", ")})`,
  );
  await tx.unsafe(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values ${tuples.join(", ")}`, params);
}

const typeCache = new Map<string, Map<string, string>>();
async function columnTypes(tx: postgres.TransactionSql, table: string) {
  let types = typeCache.get(table);
  if (!types) {
    const rows = await tx<{ name: string; type: string }[]>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped`;
    types = new Map(rows.map((r) => [r.name, r.type]));
    typeCache.set(table, types);
  }
  return types;
}
