// What the clean-up of root's runtime folder removes and what it keeps (see orphaned-data.ts), in a temporary
// runtime folder: data nothing leads to any more goes; data still reached, still served, or of unknown owner stays.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, test } from "vitest";
import { placeData } from "@/test/placed-data";
import { removeOrphanedData } from "./orphaned-data";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-orphans-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let runtime: string;
let said: string[];
const sweep = () => removeOrphanedData(runtime, (line) => said.push(line));
const project = (name: string) => fs.mkdtempSync(path.join(scratch, `${name}-`));

beforeEach(() => {
  runtime = fs.mkdtempSync(path.join(scratch, "runtime-"));
  said = [];
});

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

test("data whose project folder is gone is removed with its record, and the removal is said", () => {
  const deleted = project("deleted");
  const actual = placeData(runtime, deleted);
  fs.rmSync(deleted, { recursive: true });
  sweep();
  expect(fs.readdirSync(runtime)).toEqual([]);
  expect(said).toEqual([`Removed the database ${actual}: its project folder ${deleted} no longer exists.`]);
});

test("data whose link was deleted with the data folder goes too, though the project is still there", () => {
  const live = project("live");
  const actual = placeData(runtime, live);
  fs.rmSync(path.join(live, ".data"), { recursive: true });
  sweep();
  expect(fs.existsSync(actual)).toBe(false);
  expect(said).toEqual([`Removed the database ${actual}: ${path.join(live, ".data", "pg")} no longer leads to it.`]);
});

test("a live project's data stays, and so does data in a data folder kept outside a deleted project", () => {
  const live = placeData(runtime, project("live"));
  const deleted = project("replaced");
  const outside = placeData(runtime, deleted, path.join(project("srv"), "tuma-data"));
  fs.rmSync(deleted, { recursive: true });
  sweep();
  expect(fs.existsSync(path.join(live, "PG_VERSION"))).toBe(true);
  expect(fs.existsSync(path.join(outside, "PG_VERSION"))).toBe(true);
  expect(said).toEqual([]);
});

test("orphaned data whose server is still running is kept until it stops, and that is said", () => {
  const deleted = project("deleted");
  const actual = placeData(runtime, deleted);
  fs.writeFileSync(path.join(actual, "postmaster.pid"), `${process.pid}\n${actual}\n0\n5432\n`);
  fs.rmSync(deleted, { recursive: true });
  sweep();
  expect(fs.existsSync(actual)).toBe(true);
  expect(said).toEqual([
    `Kept ${actual} for now: its project folder ${deleted} no longer exists, but its server (pid ${process.pid}) is still running.`,
  ]);
});

test("data without a record (an earlier version's) is kept and named; a record without data is dropped", () => {
  const unrecorded = path.join(runtime, "data-0123456789abcdef");
  fs.mkdirSync(unrecorded);
  fs.writeFileSync(path.join(runtime, "data-fedcba9876543210.json"), '{"project":"/nowhere","dataDir":"/nowhere/pg"}');
  sweep();
  expect(fs.readdirSync(runtime)).toEqual(["data-0123456789abcdef"]);
  expect(said).toHaveLength(1);
  expect(said[0]).toMatch(new RegExp(`^Kept ${unrecorded}: made by an earlier version, it records no project`));
});

test("per-clone copies of the binaries and what dead runs left are removed; a live run's staging stays", () => {
  const live = `.staging-${process.pid}-abc123`;
  const dead = `.initdb-${deadPid()}-xyz789`;
  for (const name of ["bin-0123456789abcdef", live, dead, "postgres-18.4.0"]) {
    fs.mkdirSync(path.join(runtime, name, "bin"), { recursive: true });
  }
  sweep();
  expect(fs.readdirSync(runtime).sort()).toEqual([live, "postgres-18.4.0"].sort());
  expect(said).toEqual([
    `Removed ${path.join(runtime, "bin-0123456789abcdef")}, a copy of the PostgreSQL binaries made by an earlier version (now one per version).`,
  ]);
});
