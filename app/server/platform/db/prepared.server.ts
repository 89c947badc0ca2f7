// Statements the busiest pages run on every request, built once: Drizzle then skips composing their SQL each
// time and the database keeps them parsed. Prepared per database handle, because tests switch between
// databases within one process.
import { db, type Db } from "./client.server";

/** The statement `build` prepares, for the current database (built on first use). */
export function preparedStatement<T>(build: (database: Db) => T): () => T {
  const statements = new WeakMap<Db, T>();
  return () => {
    const database = db();
    let statement = statements.get(database);
    if (!statement) statements.set(database, (statement = build(database)));
    return statement;
  };
}

/**
 * A list as one PostgreSQL array literal ('{1,2}'), to bind to a single placeholder cast to int[], date[] or
 * timestamptz[]: the statement stays the same whatever the list's length. For numbers, ISO dates and instants
 * only (no quoting).
 */
export function arrayLiteral(values: readonly (number | string)[]): string {
  return `{${values.join(",")}}`;
}
