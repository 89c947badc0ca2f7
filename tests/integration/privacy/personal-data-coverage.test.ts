// Every table and column of the schema is classified in app/server/privacy/personal-data.server.ts: what personal
// data it holds, how "Mis datos" exports it and what deleting a person does to it. The lists below are read from the
// Drizzle schema and from the migrated database itself, never typed by hand, so a new table or column fails here
// until whoever adds it says how it is exported and erased.
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/server/platform/db/schema";
import { db, rowsOf } from "~/server/platform/db/client.server";
import { PERSONAL_DATA, type TableRule } from "~/server/privacy/personal-data.server";

const ruleFor = new Map<string, TableRule>(PERSONAL_DATA.map((rule) => [getTableConfig(rule.table).name, rule]));
const schemaTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe("the personal data map covers the schema", () => {
  it("classifies each table once", () => {
    const names = PERSONAL_DATA.map((rule) => getTableConfig(rule.table).name);
    expect(names.length, "a table is classified twice").toBe(new Set(names).size);
    const missing = schemaTables.map((table) => getTableConfig(table).name).filter((name) => !ruleFor.has(name));
    expect(missing, "tables of the schema not classified in app/server/privacy/personal-data.server.ts").toEqual([]);
  });

  it("classifies every column of every table, and no column that does not exist", () => {
    const problems: string[] = [];
    for (const table of schemaTables) {
      const config = getTableConfig(table);
      const rule = ruleFor.get(config.name);
      if (!rule) continue;
      const actual = new Set(config.columns.map((column) => column.name));
      for (const name of actual) if (!(name in rule.columns)) problems.push(`${config.name}.${name} is not classified`);
      for (const name of Object.keys(rule.columns)) if (!actual.has(name)) problems.push(`${config.name}.${name} is classified but does not exist`);
    }
    expect(problems).toEqual([]);
  });

  it("the migrated database has no table or column the map does not know (tables made by hand-written SQL too)", async () => {
    const rows = rowsOf<{ table_name: string; column_name: string }>(await db().execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`));
    const problems = rows
      .filter((row) => !ruleFor.get(row.table_name)?.columns[row.column_name])
      .map((row) => `${row.table_name}.${row.column_name}`);
    expect(problems).toEqual([]);
    expect(rows.length).toBeGreaterThan(100);
  });

  it("says, for every table holding personal data, whose rows they are, how they are exported and what deletion does", () => {
    const problems: string[] = [];
    for (const rule of PERSONAL_DATA) {
      const name = getTableConfig(rule.table).name;
      const kinds = Object.values(rule.columns);
      const personal = kinds.includes("personal") || kinds.includes("link");
      if (!personal) {
        if (rule.about || rule.erase.length) problems.push(`${name}: no personal column, yet rows and erasure are given`);
        if (!rule.why) problems.push(`${name}: say why it holds no personal data`);
        continue;
      }
      if (!rule.about) problems.push(`${name}: holds personal data but no rule says which rows are a person's`);
      if (!rule.exportAs && !rule.why) problems.push(`${name}: not exported and no reason given`);
      if (kinds.includes("personal") && rule.erase.length === 0) problems.push(`${name}: holds personal data and deletion does nothing to it`);
      if (!kinds.includes("personal") && rule.erase.length === 0 && !rule.why) problems.push(`${name}: deletion leaves it and no reason is given`);
      for (const step of rule.erase) if (step.do === "keep" && (!step.reason || !step.item)) problems.push(`${name}: kept without a reason`);
    }
    expect(problems).toEqual([]);
  });

  it("each table's rows of a person can be read (its SQL runs on this database)", async () => {
    const subject = { userId: "nadie", email: "nadie@academia.test", rut: "12345678-5" };
    for (const rule of PERSONAL_DATA) {
      if (!rule.about) continue;
      await db().select({ n: sql<number>`count(*)` }).from(rule.table).where(rule.about(subject));
      for (const step of rule.erase) if (step.where) await db().select({ n: sql<number>`count(*)` }).from(rule.table).where(step.where(subject));
    }
  });
});
