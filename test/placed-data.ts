// Data directories laid out as root's start-ups leave them in a runtime folder (lib/db/root-placement.ts): the data
// under data-<16 hex>, its owner record next to it, and the project's `.data/pg` link leading to it. For tests of
// the clean-up of orphaned data, in a temporary runtime folder.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeOwnerRecord } from "@/lib/db/root-placement";

/** Places a data directory for `project` (its link in `dataFolder`, the project's .data by default). */
export function placeData(runtime: string, project: string, dataFolder = path.join(project, ".data")): string {
  const actual = path.join(runtime, `data-${randomBytes(8).toString("hex")}`);
  fs.mkdirSync(actual);
  fs.writeFileSync(path.join(actual, "PG_VERSION"), "18\n");
  fs.mkdirSync(dataFolder, { recursive: true });
  fs.symlinkSync(actual, path.join(dataFolder, "pg"));
  writeOwnerRecord(actual, { project, dataDir: path.join(dataFolder, "pg") });
  return actual;
}
