// The production server with an administrator signed in and the course editor's first lesson of course 1, for
// the tests that upload lesson files over real HTTP (upload-over-http, upload-streamed-over-http).
import fs from "node:fs";
import { expect } from "vitest";
import { BuiltServer, ensureProductionBuild, tempDir } from "./built-server";

export interface EditorServer {
  server: BuiltServer;
  dataDir: string;
  /** The administrator's session cookie. */
  cookie: string;
  /** A lesson of course 1 that takes a file. */
  lessonId: string;
  stop(): Promise<void>;
}

export async function startEditorServer(options: { prefix: string; maxUploadMb: number; admin: { email: string; password: string } }): Promise<EditorServer> {
  await ensureProductionBuild();
  const dataDir = tempDir(options.prefix);
  const server = await BuiltServer.start({
    dataDir,
    env: { MAX_UPLOAD_MB: String(options.maxUploadMb), ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password },
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify(options.admin),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const editor = await (await fetch(`${server.base}/admin/cursos/1?vista=contenido`, { headers: { cookie } })).text();
    const lessonId = /name="lessonId" value="(\d+)"/.exec(editor)![1]!;
    return { server, dataDir, cookie, lessonId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
