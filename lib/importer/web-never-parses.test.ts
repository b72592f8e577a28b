// The upload routes never load the file parser into the web process (docs/architecture.md: lists and opt-out files
// are read by the importer process): each route's static imports, followed through the project's own modules, never
// reach lib/lists/import-list.ts or the CSV/XLSX readers under it. Imports of types only are skipped (erased).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = process.cwd();
const ROUTES = ["app/api/lists/route.ts", "app/api/v1/lists/route.ts", "app/api/opt-outs/upload/route.ts"];
const PARSER = "lib/lists/import-list.ts";

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every project module a file loads, as paths relative to the root. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const relative = path.relative(ROOT, file);
    if (seen.has(relative)) continue;
    seen.add(relative);
    const source = fs.readFileSync(file, "utf8");
    const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
    for (const match of source.matchAll(pattern)) {
      if (match[2]) continue;
      const next = resolve(file, match[3]!);
      if (next) queue.push(next);
    }
  }
  return seen;
}

test("the walk follows the project's imports (the importer itself reaches the parser)", () => {
  expect(reachable("lib/importer/server.ts")).toContain(PARSER);
});

test.each(ROUTES)("%s never loads the parser", (route) => {
  expect(reachable(route)).not.toContain(PARSER);
});
