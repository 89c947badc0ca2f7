// The import rule (eslint/layers.js), tried on deliberate wrong-way imports: it must fire on each, and stay
// quiet on the imports the layers are allowed.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function wrongWayImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "layers/direction").length;
}

describe("las importaciones van en un solo sentido", { timeout: 60_000 }, () => {
  it.each([
    // ui and domain never reach the server.
    ["app/ui/x.tsx", 'import { db } from "~/server/platform/db/client.server";\nexport const x = db;\n'],
    ["app/ui/x.tsx", 'import type { SessionUser } from "~/server/accounts/session.server";\nexport type X = SessionUser;\n'],
    ["app/ui/admin/x.tsx", 'import { db } from "../../server/platform/db/client.server";\nexport const x = db;\n'],
    ["app/ui/admin/x.tsx", 'import * as r from "../../routes/login";\nexport const x = r;\n'],
    ["app/ui/x.tsx", 'import fs from "node:fs";\nexport const x = fs;\n'],
    // domain holds pure rules: no React, no server, no machine, no database.
    ["app/domain/x.ts", 'import { useState } from "react";\nexport const x = useState;\n'],
    ["app/domain/x.ts", 'import { env } from "~/server/platform/env.server";\nexport const x = env;\n'],
    ["app/domain/x.ts", 'import fs from "node:fs";\nexport const x = fs;\n'],
    ["app/domain/x.ts", 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'],
    ["app/domain/x.ts", 'import postgres from "postgres";\nexport const x = postgres;\n'],
    ["app/domain/x.ts", 'import nodemailer from "nodemailer";\nexport const x = nodemailer;\n'],
    // Server modules never reach ui, routes or the Express layer.
    ["app/server/learning/x.server.ts", 'import type { ViewerLesson } from "~/ui/learning/lesson-viewer";\nexport type X = ViewerLesson;\n'],
    ["app/server/learning/x.server.ts", 'import { pageCache } from "../../../server/page-cache";\nexport const x = pageCache;\n'],
    ["app/server/authoring/x.server.ts", 'import * as r from "../../routes/login";\nexport const x = r;\n'],
    ["app/routes/x.tsx", 'import { pageCache } from "../../server/page-cache";\nexport const x = pageCache;\n'],
    ["app/routes/admin/x.tsx", 'import { pageCache } from "../../../server/page-cache";\nexport const x = pageCache;\n'],
    // The Express layer never reaches routes or ui.
    ["server/x.ts", 'import * as r from "~/routes/login";\nexport const x = r;\n'],
    ["server/x.ts", 'import { SiteFooter } from "../app/ui/layout/site-footer";\nexport const x = SiteFooter;\n'],
    // Platform knows no area; areas depend on each other one way.
    ["app/server/platform/outbox/x.server.ts", 'import { getAuth } from "../../accounts/auth.server";\nexport const x = getAuth;\n'],
    ["app/server/platform/mail/x.server.ts", 'import { welcome } from "~/server/accounts/mail.server";\nexport const x = welcome;\n'],
    ["app/server/catalogue/x.server.ts", 'import { refreshStoredProgress } from "../learning/learning.server";\nexport const x = refreshStoredProgress;\n'],
    ["app/server/learning/x.server.ts", 'import { takeSeats } from "~/server/companies/seats.server";\nexport const x = takeSeats;\n'],
    ["app/server/accounts/x.server.ts", 'import type { CompanyMailMessage } from "../companies/mail.server";\nexport type X = CompanyMailMessage;\n'],
    ["app/server/certificates/jobs/x.server.ts", 'import { enrolInCourse } from "../../learning/enrolments.server";\nexport const x = enrolInCourse;\n'],
    // The composition root is the server's, and app code never reaches scripts or tests.
    ["app/server/learning/x.server.ts", 'import "../areas.server";\n'],
    ["app/server/learning/x.server.ts", 'import { x as y } from "../../../tests/integration/support/users";\nexport const x = y;\n'],
  ])("%s: %s → error", async (file, code) => {
    expect(await wrongWayImports(file, code)).toBe(1);
  });

  it.each([
    ["app/ui/x.tsx", 'import { formatClp } from "~/domain/format";\nexport const x = formatClp;\n'],
    ["app/domain/x.ts", 'import { z } from "zod";\nimport { site } from "~/config/site";\nexport const x = [z, site];\n'],
    ["app/server/learning/x.server.ts", 'import { formatClp } from "~/domain/format";\nexport const x = formatClp;\n'],
    ["app/routes/x.tsx", 'import { getUser } from "~/server/accounts/session.server";\nimport { SiteFooter } from "~/ui/layout/site-footer";\nexport const x = [getUser, SiteFooter];\n'],
    ["app/routes/admin/x.tsx", 'import { requireAdmin } from "~/server/accounts/session.server";\nexport const x = requireAdmin;\n'],
    ["app/server/authoring/x.server.ts", 'import { db } from "../platform/db/client.server";\nimport { refreshStoredProgress } from "~/server/learning/learning.server";\nexport const x = [db, refreshStoredProgress];\n'],
    ["app/server/companies/jobs/x.server.ts", 'import { defineJob } from "../../platform/outbox/jobs.server";\nimport { enrolInCourse } from "../../learning/enrolments.server";\nexport const x = [defineJob, enrolInCourse];\n'],
    ["server/x.ts", 'import { boot } from "~/server/boot.server";\nexport const x = boot;\n'],
  ])("%s: %s → permitido", async (file, code) => {
    expect(await wrongWayImports(file, code)).toBe(0);
  });
});
