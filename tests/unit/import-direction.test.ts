// The import rule of eslint.config.js, tried on deliberate wrong-way imports: it must fire on each, and stay
// quiet on the imports the layers are allowed.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").length;
}

describe("las importaciones van en un solo sentido", { timeout: 60_000 }, () => {
  it.each([
    ["app/ui/x.tsx", 'import { db } from "~/server/db/client.server";\nexport const x = db;\n'],
    ["app/ui/x.tsx", 'import type { SessionUser } from "~/server/session.server";\nexport type X = SessionUser;\n'],
    ["app/domain/x.ts", 'import { useState } from "react";\nexport const x = useState;\n'],
    ["app/domain/x.ts", 'import { env } from "~/server/env.server";\nexport const x = env;\n'],
    ["app/server/x.server.ts", 'import type { ViewerLesson } from "~/ui/learning/lesson-viewer";\nexport type X = ViewerLesson;\n'],
    ["app/server/x.server.ts", 'import { pageCache } from "../../server/page-cache";\nexport const x = pageCache;\n'],
    ["app/routes/x.tsx", 'import { pageCache } from "../../server/page-cache";\nexport const x = pageCache;\n'],
    // The same from files one folder down.
    ["app/server/course-editor/x.server.ts", 'import { LessonEditor } from "../../ui/admin/lesson-editor";\nexport const x = LessonEditor;\n'],
    ["app/server/course-editor/x.server.ts", 'import { pageCache } from "../../../server/page-cache";\nexport const x = pageCache;\n'],
    ["app/server/mail/x.server.ts", 'import * as r from "../../routes/login";\nexport const x = r;\n'],
    ["app/ui/admin/x.tsx", 'import * as r from "../../routes/login";\nexport const x = r;\n'],
    ["app/ui/admin/x.tsx", 'import { db } from "../../server/db/client.server";\nexport const x = db;\n'],
    ["app/routes/admin/x.tsx", 'import { pageCache } from "../../../server/page-cache";\nexport const x = pageCache;\n'],
  ])("%s: %s → error", async (file, code) => {
    expect(await restrictedImports(file, code)).toBe(1);
  });

  it.each([
    ["app/ui/x.tsx", 'import { formatClp } from "~/domain/format";\nexport const x = formatClp;\n'],
    ["app/server/x.server.ts", 'import { formatClp } from "~/domain/format";\nexport const x = formatClp;\n'],
    ["app/routes/x.tsx", 'import { getUser } from "~/server/session.server";\nimport { SiteFooter } from "~/ui/layout/site-footer";\nexport const x = [getUser, SiteFooter];\n'],
    ["app/server/course-editor/x.server.ts", 'import { db } from "../db/client.server";\nimport { env } from "~/server/env.server";\nexport const x = [db, env];\n'],
    ["app/routes/admin/x.tsx", 'import { requireAdmin } from "~/server/session.server";\nexport const x = requireAdmin;\n'],
  ])("%s: %s → permitido", async (file, code) => {
    expect(await restrictedImports(file, code)).toBe(0);
  });
});
