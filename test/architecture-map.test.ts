// docs/architecture.md's map ("Folders and their boundaries") is the reader's first look at the tree, so it must be
// whole: every folder of the repository and every folder (or top-level file) of lib named, and its table of lib's
// layers the one ESLint and test/lib-graph.test.ts enforce (scripts/dev/lib-layers.mjs). A folder added without a line
// in the map, or moved to another layer without the table following, fails here.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIB_LAYERS } from "@/scripts/dev/lib-layers.mjs";

const root = path.resolve(import.meta.dirname, "..");
const doc = fs.readFileSync(path.join(root, "docs", "architecture.md"), "utf8");
const section = doc.slice(doc.indexOf("## Folders and their boundaries"));
/** The map: the section's first code block. */
const map = section.split("```")[1] ?? "";
/** The layer table: the section's second code block (indented under its list item). */
const table = section.split("```")[3] ?? "";

/** The names a map line gives before its description: `lib/`, `  web-server/`, `  log.ts env.ts`, each also by its
 * first folder (`components/ui/` names components). Entries start at the margin or two spaces in; a description's
 * continuation lines are indented further. */
export function mapNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const lead = /^ {0,2}([\w.<>/-]+(?: [\w.<>/-]+)*)(?:\s{2,}|$)/.exec(line)?.[1] ?? "";
    for (const name of lead.split(" ").filter(Boolean)) {
      names.add(name.replace(/\/$/, ""));
      names.add(name.split("/")[0] ?? "");
    }
  }
  return names;
}

/** The layer table read back: each layer's name with its folders (a line that starts with spaces continues one). */
export function layerTable(text: string): { name: string; folders: string[] }[] {
  const layers: { name: string; folders: string[] }[] = [];
  for (const line of text.split("\n").map((l) => l.replace(/^ {2}/, ""))) {
    if (!line.trim()) continue;
    const [name = "", rest = ""] = line.startsWith(" ") ? ["", line] : line.split(/\s{2,}(.*)/);
    const folders = rest.trim().split(/\s+/).filter(Boolean);
    if (name) layers.push({ name, folders });
    else layers.at(-1)?.folders.push(...folders);
  }
  return layers;
}

describe("docs/architecture.md's map", () => {
  const named = mapNames(map);

  it("names every folder of lib and every top-level file of lib", () => {
    const entries = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)))
      .map((e) => e.name);
    expect(entries.length).toBeGreaterThan(40); // it looked in lib
    expect(entries.filter((entry) => !named.has(entry))).toEqual([]);
  });

  it("names every top-level folder of the repository", () => {
    const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
    const folders = [...new Set(tracked.filter((f) => f.includes("/")).map((f) => f.split("/")[0] ?? ""))].filter(
      (folder) => !folder.startsWith("."),
    );
    expect(folders).toEqual(expect.arrayContaining(["app", "lib", "programs", "scripts"]));
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it("gives lib's layers as scripts/dev/lib-layers.mjs has them, in its order", () => {
    const read = layerTable(table);
    expect(read.map((layer) => layer.folders.toSorted())).toEqual(LIB_LAYERS.map((l) => l.folders.toSorted()));
    read.forEach((layer, index) => expect(LIB_LAYERS[index]?.name.startsWith(layer.name)).toBe(true));
  });

  it("reads the map and the table as they are written", () => {
    // Guards against a reading that silently finds nothing.
    const names = mapNames(
      "lib/  everything\n  web-server/      front\n  log.ts env.ts    pino\n                   more",
    );
    expect([...names]).toEqual(["lib", "web-server", "log.ts", "env.ts"]);
    expect(mapNames("components/ui/     primitives").has("components")).toBe(true);
    expect(layerTable("  front doors   api  users\n  leaves        cache\n                time\n")).toEqual([
      { name: "front doors", folders: ["api", "users"] },
      { name: "leaves", folders: ["cache", "time"] },
    ]);
  });
});
