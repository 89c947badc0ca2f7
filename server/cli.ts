// The operator's commands, built with the server (`npm run build`) and run from the build by cli.js, so a release
// needs neither the TypeScript sources nor the development dependencies:
//   node cli.js admin:create --email … --password … [--name …]
//   node cli.js backup
//   node cli.js restore <file>
//   node cli.js storage:copy [--from <data dir>]
//   node cli.js db:copy-to-postgres --to postgres://… [--from <data dir>]
// (npm run admin:create / backup / restore do the same.) Each reads the same validated configuration as the server.
import { parseEnv, setEnv } from "~/server/platform/env.server";
import { configureLogger } from "~/server/platform/logger.server";
import { adminCreate } from "./cli/admin-create";
import { backup } from "./cli/backup";
import { restore } from "./cli/restore";
import { storageCopy } from "./cli/storage-copy";
import { copyToPostgres } from "./cli/copy-to-postgres";

const COMMANDS: Record<string, { run: (args: string[]) => Promise<number>; what: string }> = {
  "admin:create": { run: adminCreate, what: "create an admin, or make an existing account one" },
  backup: { run: backup, what: "write a backup of the database and the files into DATA_DIR/backups" },
  restore: { run: restore, what: "restore a backup into a stopped academy" },
  "storage:copy": { run: storageCopy, what: "copy DATA_DIR/files into the bucket (STORAGE=s3), and verify it" },
  "db:copy-to-postgres": { run: copyToPostgres, what: "copy an embedded academy into an empty PostgreSQL database (--to URL), and verify it" },
};

function usage() {
  return `Usage: node cli.js <command> [options]\n${Object.entries(COMMANDS)
    .map(([name, c]) => `  ${name.padEnd(22)} ${c.what}`)
    .join("\n")}`;
}

/** Runs one command and gives its exit code (never throws for a bad configuration or a bad argument). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name && name !== "--help" ? `Unknown command: ${name}\n${usage()}` : usage());
    return name && name !== "--help" ? 2 : 0;
  }
  try {
    // Commands print their own lines; the library's logs only when they matter.
    setEnv(parseEnv({ LOG_LEVEL: "warn", ...process.env }));
    configureLogger();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  try {
    return await command.run(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
