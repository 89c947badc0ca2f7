// Creates an admin, or makes an existing account an admin:
//   npm run admin:create -- --email ana@academia.cl --password 'una-clave-segura' --name 'Ana Pérez'
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR/db (stop the server first:
// the embedded database admits one process at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { resetAuth } from "~/server/accounts/auth.server";
import { openDb, setDbHandle } from "~/server/platform/db/client.server";
import { env } from "~/server/platform/env.server";
import { adminInputSchema, createOrPromoteAdmin } from "~/server/accounts/admin-bootstrap.server";

const usage = "Uso: npm run admin:create -- --email <correo> --password <contraseña> [--name <nombre>]";

export async function adminCreate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.email || !values.password) {
    console.error(`Faltan datos: --email y --password son obligatorios.\n${usage}`);
    return 2;
  }
  const input = adminInputSchema.safeParse({ email: values.email, password: values.password, name: values.name });
  if (!input.success) {
    console.error(`Datos no válidos: ${input.error.issues.map((i) => i.message).join("; ")}.`);
    return 2;
  }

  const config = env();
  try {
    const handle = await openDb(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, "db") });
    setDbHandle(handle);
    resetAuth();
    try {
      await handle.migrate();
      const { created } = await createOrPromoteAdmin(input.data);
      console.log(created ? `Administrador creado: ${input.data.email}` : `Cuenta existente promovida a administrador: ${input.data.email}`);
      return 0;
    } finally {
      await handle.close();
      setDbHandle(undefined);
    }
  } catch (error) {
    const message = error instanceof ZodError ? error.issues.map((i) => i.message).join("; ") : error instanceof Error ? error.message : String(error);
    console.error(`No se pudo crear el administrador: ${message}`);
    return 1;
  }
}
