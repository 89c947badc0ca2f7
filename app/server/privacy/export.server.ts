// "Mis datos": everything the academy holds about a person, as a ZIP with one JSON and one CSV file per kind (the
// rights of access and portability, docs/privacy.md). Driven by the personal data map (personal-data.server.ts):
// every table with rows about the person is exported, minus its secret columns (password hashes, tokens).
//
// Streamed: the ZIP is written as the response is sent, one table at a time (the stream's pull), in batches of
// rows, so a learner with years of history never sits whole in memory. fflate is the house's ZIP library already
// (certificates in bulk, the XLSX writer): small, no dependencies, and its Zip class emits each chunk as soon as
// it is deflated — archiver and yazl would add a dependency for the same thing.
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { db, rowsOf, type DbOrTx } from "../platform/db/client.server";
import { logger } from "../platform/logger.server";
import { now } from "../platform/clock.server";
import { PERSONAL_DATA, type Subject, type TableRule } from "./personal-data.server";

const BATCH = 500;

/** What one table exports: its selected columns (secrets left out) and the rows about the person, in batches. */
function exportQuery(rule: TableRule, subject: Subject) {
  const columns = getTableConfig(rule.table).columns.filter((column) => rule.columns[column.name] !== "secret");
  const list = sql.join(
    columns.map((column) => sql`${sql.identifier(column.name)}`),
    sql`, `,
  );
  const where = rule.about!(subject);
  return {
    names: columns.map((column) => column.name),
    page: (tx: DbOrTx, offset: number): Promise<Record<string, unknown>[]> =>
      tx
        .execute(sql`select ${list} from ${rule.table} where ${where} order by 1 limit ${BATCH} offset ${offset}`)
        .then((result) => rowsOf<Record<string, unknown>>(result)),
  };
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

const README = `Datos personales que la academia guarda sobre ti (Ley 19.628, modificada por la Ley 21.719).

Cada archivo corresponde a un tipo de dato y viene en dos formatos: JSON (para llevarlo a otro servicio) y CSV
(para abrirlo en una planilla). No se incluyen contraseñas ni claves de acceso: solo se guarda una huella de tu
contraseña, que no permite leerla.

Si algún dato está incorrecto, puedes pedir su rectificación desde "Mis datos" en la academia.
`;

export async function writeEntry(zip: Zip, name: string, chunks: AsyncIterable<string>): Promise<void> {
  const entry = new ZipDeflate(name, { level: 6 });
  entry.mtime = now();
  zip.add(entry);
  for await (const chunk of chunks) entry.push(strToU8(chunk), false);
  entry.push(new Uint8Array(0), true);
}

/** The ZIP of everything about `subject`, streamed: one table per pull of the stream. */
export function personalDataZip(subject: Subject, tx: DbOrTx = db()): ReadableStream<Uint8Array> {
  const rules = PERSONAL_DATA.filter((rule) => rule.about && rule.exportAs);
  let zip: Zip;
  let next = 0;
  const summary: [string, number][] = [];

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      try {
        if (next < rules.length) {
          summary.push([rules[next]!.exportAs!, await exportTable(zip, rules[next++]!, subject, tx)]);
        } else if (next++ === rules.length) {
          await writeEntry(zip, "LEEME.txt", (async function* () {
            yield README;
            yield `\nGenerado: ${now().toISOString()}\n\nArchivos (filas):\n`;
            for (const [name, n] of summary) yield `- ${name}: ${n}\n`;
          })());
          zip.end();
        }
      } catch (error) {
        logger.error({ err: error }, "personal data export failed");
        zip.terminate();
        throw error;
      }
    },
  });
}

/**
 * Writes a table's JSON, then its CSV. fflate writes entries one after the other, so the CSV is read in a second
 * pass rather than buffered while the JSON is written: two small queries per batch, constant memory.
 */
async function exportTable(zip: Zip, rule: TableRule, subject: Subject, tx: DbOrTx): Promise<number> {
  const query = exportQuery(rule, subject);
  const redact = rule.redact ?? ((row: Record<string, unknown>) => row);
  const header = Object.keys(redact(Object.fromEntries(query.names.map((name) => [name, null]))));
  async function* rows() {
    for (let offset = 0; ; offset += BATCH) {
      const batch = await query.page(tx, offset);
      for (const row of batch) yield redact(row);
      if (batch.length < BATCH) return;
    }
  }
  let count = 0;
  await writeEntry(zip, `${rule.exportAs}.json`, (async function* () {
    yield "[";
    for await (const row of rows()) {
      yield `${count++ ? "," : ""}\n${JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])))}`;
    }
    yield "\n]\n";
  })());
  await writeEntry(zip, `${rule.exportAs}.csv`, (async function* () {
    yield CSV_BOM + csvRow(header);
    for await (const row of rows()) yield csvRow(header.map((key) => cell(row[key])));
  })());
  return count;
}
