// Debian's PgBouncer in front of a test database, for the tests that run Tuma behind it (lib/db/pgbouncer.test.ts).
// .ci/run installs it as it installs Chromium; where it is absent the tests say so in their names and are skipped.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensurePostgresUser } from "@/lib/db/root-placement";
import { freePort } from "./free-port";

export const PGBOUNCER = "/usr/sbin/pgbouncer";

/** Why PgBouncer tests cannot run here, or null when they can. */
export function pgbouncerMissing(): string | null {
  return fs.existsSync(PGBOUNCER) ? null : `${PGBOUNCER} is not installed (apt-get install pgbouncer)`;
}

export type Bouncer = { url: string; stop: () => Promise<void> };

/** PgBouncer in `mode` before the database of `databaseUrl`; returns the same URL through it. */
export async function startPgbouncer(databaseUrl: string, mode: "session" | "transaction"): Promise<Bouncer> {
  const target = new URL(databaseUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-pgbouncer-"));
  const port = await freePort();
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" "${password.replaceAll('"', '""')}"\n`, { mode: 0o600 });
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = scram-sha-256",
      `auth_file = ${path.join(dir, "users.txt")}`,
      `pool_mode = ${mode}`,
      "max_client_conn = 500",
      "default_pool_size = 40",
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  // PgBouncer refuses to run as root: then it runs as the postgres user, which must own its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const account = ensurePostgresUser();
    for (const file of [dir, path.join(dir, "users.txt"), path.join(dir, "pgbouncer.ini")])
      fs.chownSync(file, account.uid, account.gid);
  }
  const child = spawn(PGBOUNCER, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("process up")) resolve();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => reject(new Error(`pgbouncer exited (${code}): ${output}`)));
  });
  child.removeAllListeners("exit");
  const url = new URL(databaseUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGINT");
      }),
  };
}
