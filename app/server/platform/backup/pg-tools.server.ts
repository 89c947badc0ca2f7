// pg_dump and pg_restore are the only supported way in and out of PostgreSQL: their own format survives
// server upgrades, which a copy of the data directory does not.
import { spawn } from "node:child_process";

export function runPgTool(command: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env: process.env });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (error) => reject(new Error(`${command} could not be started: ${error.message}`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });
}
