import { afterAll, describe, expect, it } from "vitest";
import { resetAuth } from "~/server/accounts/auth.server";
import { env, parseEnv, setEnv } from "~/server/platform/env.server";
import { getUser } from "~/server/accounts/session.server";
import { action } from "~/routes/registro";
import { cookieFrom, formRequest, getRequest } from "../support/requests";
import { callAndRead as call } from "../support/call";

const previous = env();
afterAll(() => {
  setEnv(previous);
  resetAuth();
});

describe("cookies de sesión servidas por HTTPS", () => {
  it("llevan Secure (y el prefijo __Secure-), HttpOnly y SameSite=Lax, y siguen valiendo", async () => {
    setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: previous.DATA_DIR, PUBLIC_URL: "https://academia.example.cl", LOG_LEVEL: "silent" }));
    resetAuth();
    const email = `seguro.${Date.now()}@academia.test`;
    const out = await call(action, formRequest("/registro", { name: "Segura", email, password: "clave-123", confirmPassword: "clave-123" }));
    expect(out.status).toBe(302);
    const [session] = out.headers.getSetCookie().filter((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(await getUser(getRequest("/perfil", cookieFrom(out.headers)))).toMatchObject({ email });
  });
});
