// The import graph of lib/ between its folders (docs/architecture.md, "Folders and their boundaries"): which folder's
// source imports which other folder, with the files that do it. A top-level file (lib/env.ts) is a node of its own
// ("env"). Test files are left out: tests may reach across. Computed from the source text (static `import … from`,
// `export … from` and `import("…")`), so it sees type-only imports too: a type is an arrow as much as a value.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const lib = path.join(root, "lib");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The node of lib a path inside lib belongs to: its first folder, or a top-level file's name without extension. */
export function nodeOf(relativeToLib: string): string {
  const [first, second] = relativeToLib.split("/");
  return second === undefined ? (first ?? "").replace(/\.(ts|tsx|mjs)$/, "") : (first ?? "");
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The path inside lib a specifier of `file` names, or null when it names something outside lib. */
function target(specifier: string, file: string): string | null {
  let full: string;
  if (specifier.startsWith("@/")) full = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) full = path.resolve(path.dirname(file), specifier);
  else return null;
  const relative = path.relative(lib, full);
  return relative.startsWith("..") || path.isAbsolute(relative) ? null : relative;
}

export type Edge = { from: string; to: string; files: string[] };

/** Every arrow between two different nodes of lib, with the importing files (relative to the repository). */
export function libGraph(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(lib)) {
    const from = nodeOf(path.relative(lib, file));
    for (const match of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const relative = target(match[1] ?? "", file);
      if (relative === null) continue;
      const to = nodeOf(relative);
      if (to === from || to === "generated") continue;
      const key = `${from} ${to}`;
      const edge = edges.get(key) ?? { from, to, files: [] };
      const name = path.relative(root, file);
      if (!edge.files.includes(name)) edge.files.push(name);
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan). */
export function circles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of new Set(edges.flatMap((e) => [e.from, e.to]))) if (!index.has(node)) visit(node);
  return found;
}
