// Once per integration run: at the end, drop the PostgreSQL template databases this run's files were copied
// from (tests/integration/support/setup.ts builds them under the TEST_DATABASE_URL database's name).
import postgres from "postgres";

export default function setup() {
  return async function teardown() {
    const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
    if (!url) return;
    const base = new URL(url).pathname.slice(1).slice(0, 40);
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await admin`select datname from pg_database where datname like ${`${base}\\_tpl\\_%`}`;
      for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
