// `npm run db:destroy` deletes this project's embedded database only when told to: nothing without the project
// folder's name typed (or --yes), nothing while its server runs, everything (as root also the data behind the link in
// /var/lib/tuma-pg and its record) when confirmed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { destroyEmbedded, embeddedFiles } from "@/lib/db/destroy";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { freePort } from "@/test/free-port";
import { finished } from "@/test/finished";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-destroy-"));
fs.chmodSync(scratch, 0o755);
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) {
    const files = embeddedFiles(path.join(folder, "pg"));
    if (files) destroyEmbedded(files);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A data folder holding an initialised embedded database (stopped), as `npm start` leaves it. */
async function dataFolderWithDatabase(): Promise<{ folder: string; actual: string; port: number }> {
  const folder = fs.mkdtempSync(path.join(scratch, "data-"));
  folders.push(folder);
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(folder, "pg"),
    port,
    persistent: true,
    project: scratch,
  });
  await server.stop();
  return { folder, actual: fs.realpathSync(path.join(folder, "pg")), port };
}

function destroy(folder: string, input: string, args: string[] = []) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "programs/db-destroy.ts", ...args],
    { env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: os.homedir(), TUMA_DATA_DIR: folder } },
  );
  return finished(child, input);
}

const projectName = path.basename(process.cwd());
const stillThere = (actual: string) => fs.existsSync(path.join(actual, "PG_VERSION"));

test("without the project folder's name typed, nothing is deleted; typed, everything is", async () => {
  const { folder, actual } = await dataFolderWithDatabase();

  for (const input of ["", "yes\n", `${projectName}x\n`]) {
    const refused = await destroy(folder, input);
    expect(refused.stdout).toContain(`Type the project folder's name (${projectName}) to delete it:`);
    expect(refused.stderr).toContain("nothing was deleted");
    expect(refused.code).toBe(1);
    expect(stillThere(actual)).toBe(true);
    expect(fs.existsSync(path.join(folder, "pg.password"))).toBe(true);
  }

  const done = await destroy(folder, `${projectName}\n`);
  expect(done.stdout).toContain(`Deleted the database in ${path.join(folder, "pg")}.`);
  expect(done.code).toBe(0);
  expect(fs.existsSync(actual)).toBe(false);
  expect(fs.existsSync(`${actual}.json`)).toBe(false);
  expect(fs.lstatSync(path.join(folder, "pg"), { throwIfNoEntry: false })).toBeUndefined();
  expect(fs.existsSync(path.join(folder, "pg.password"))).toBe(false);

  const again = await destroy(folder, "");
  expect(again.stdout).toContain("There is no embedded database");
  expect(again.code).toBe(0);
});

test("while its server runs (the console is up) nothing is deleted, even with --yes; stopped, --yes deletes it", async () => {
  const { folder, actual, port } = await dataFolderWithDatabase();
  const server = await startEmbeddedPostgres({ dataDir: path.join(folder, "pg"), port, persistent: true });
  try {
    const refused = await destroy(folder, "", ["--yes"]);
    expect(refused.stderr).toMatch(/is in use \(PostgreSQL, pid \d+\): stop `npm start`.*nothing was deleted/);
    expect(refused.code).toBe(1);
    expect(stillThere(actual)).toBe(true);
  } finally {
    await server.stop();
  }
  const done = await destroy(folder, "", ["--yes"]);
  expect(done.code).toBe(0);
  expect(fs.existsSync(actual)).toBe(false);
});

test("a database in DATABASE_URL is not the embedded one: refused, nothing deleted", async () => {
  const folder = fs.mkdtempSync(path.join(scratch, "data-"));
  const child = await finished(
    spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "programs/db-destroy.ts", "--yes"], {
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        TUMA_DATA_DIR: folder,
        DATABASE_URL: "postgresql://tuma:secret@127.0.0.1:5/tuma",
      },
    }),
  );
  expect(child.stderr).toContain("DATABASE_URL is set: db:destroy deletes only the embedded database");
  expect(child.code).toBe(1);
});
