// Start-up (prepareDatabase, which `npm start` calls first) removes the embedded data of a project that no longer
// exists and says so, and keeps the data of a project that does — before anything else, even a database it cannot
// reach. Root's runtime folder is stood in for by a temporary one, so this runs as any user and beside other runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort } from "@/test/free-port";
import { placeData } from "@/test/placed-data";
import { prepareDatabase } from "./database";
import { StartupError } from "./startup-error";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-bootstrap-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

test("start-up removes the database of a deleted project, says so, and keeps a live project's", async () => {
  const runtime = fs.mkdtempSync(path.join(scratch, "runtime-"));
  const deleted = fs.mkdtempSync(path.join(scratch, "deleted-project-"));
  const live = fs.mkdtempSync(path.join(scratch, "live-project-"));
  const orphan = placeData(runtime, deleted);
  const kept = placeData(runtime, live);
  fs.rmSync(deleted, { recursive: true });

  const said: string[] = [];
  const failure = await prepareDatabase({
    databaseUrl: `postgresql://tuma:secret@127.0.0.1:${await freePort()}/tuma`,
    dataDir: path.join(live, ".data"),
    embeddedPort: await freePort(),
    log: (line) => said.push(line),
    runtimeDir: runtime,
  }).catch((error: unknown) => error);

  expect(failure).toBeInstanceOf(StartupError); // the unreachable database, after the clean-up
  expect(said).toEqual([`Removed the database ${orphan}: its project folder ${deleted} no longer exists.`]);
  expect(fs.existsSync(orphan)).toBe(false);
  expect(fs.existsSync(`${orphan}.json`)).toBe(false);
  expect(fs.existsSync(path.join(kept, "PG_VERSION"))).toBe(true);
  expect(fs.realpathSync(path.join(live, ".data", "pg"))).toBe(kept);
});
