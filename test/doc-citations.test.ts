// Comments and docs that cite a file must cite one that exists in this repository: a comment pointing at a file that
// was renamed, or at a document outside the repository, sends the next reader nowhere. Checked here, not by review:
// every path-like name in a comment of the source tree, every section of a Markdown document that a comment or a
// document names by its heading (README, "Tests"; docs/api.md "References"), and every relative link of the
// Markdown docs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const trackedSet = new Set(tracked);

const SOURCE = /\.(ts|tsx|mjs)$/;
// A file name with a directory part or a known extension; `[id]` and `(console)` are Next route folders.
const CITED_PATH =
  /(?<![\w@/.*$-])((?:\.{1,2}\/)?[\w\-[\]().]+(?:\/[\w\-[\]().]+)*\.(?:ts|tsx|mjs|md|sql|prisma|css))\b/g;
// Files that exist only after a build or `npm install`.
const GENERATED = new Set(["next-env.d.ts"]);
const OUTSIDE = /\.\.\/shared|\bDESIGN\.md\b|\bSTYLE\.md\b/;
// A section of a Markdown document named by its heading: README’s “Tests”, README section "Tests", README, "Tests",
// docs/api.md "References", BENCHMARKS.md, 'Export'. The document is group 1, the heading one of groups 2–4.
const HEADING_CITATION =
  /(?<![\w/.-])(README|(?:[\w.-]+\/)*[\w.-]+\.md)(?:'s|,)?\s+(?:section\s+)?(?:“([^”\n]+)”|"([^"\n]+)"|'([^'\n]+)')/g;
// Text files that are not source but cite documents: the schema's comments, deployment files, the CI script. Applied
// migrations are history, never edited (docs/architecture.md), so a renamed heading cannot be fixed there.
const OTHER_TEXT = /\.(md|prisma|ya?ml|sh|service)$|(^|\/)(Dockerfile|\.env\.example|\.ci\/run)$/;
const isOtherText = (f: string) => OTHER_TEXT.test(f) && !f.startsWith("prisma/migrations/");

// This file's own examples name files that do not exist on purpose.
const isCheckedSource = (f: string) =>
  SOURCE.test(f) && !f.startsWith("lib/generated/") && f !== "test/doc-citations.test.ts";

/** The text of a file's comments, line by line (a line keeps its number; code parts are blanked). */
export function commentLines(source: string): string[] {
  const lines = source.split("\n");
  let inBlock = false;
  return lines.map((line) => {
    let out = "";
    let rest = line;
    while (rest.length > 0) {
      if (inBlock) {
        const end = rest.indexOf("*/");
        if (end < 0) {
          out += rest;
          rest = "";
        } else {
          out += rest.slice(0, end);
          rest = rest.slice(end + 2);
          inBlock = false;
        }
        continue;
      }
      // A comment opens after a space, a bracket or the line's start; "/*" in a glob ("**/*.test.ts") or a path
      // ("app/*") is code.
      const block = rest.search(/(?<![\w*"'`/.\-\]])\/\*/);
      const lineComment = rest.search(/(?<![:"'`\\])\/\/(?!\/)/);
      if (lineComment >= 0 && (block < 0 || lineComment < block)) {
        out += ` ${rest.slice(lineComment + 2)}`;
        rest = "";
      } else if (block >= 0) {
        rest = rest.slice(block + 2);
        inBlock = true;
      } else rest = "";
    }
    return out;
  });
}

/** A match that began at the "(" of a parenthesis, not of a route group such as `(console)/`. */
export function unwrap(match: string): string {
  return match.startsWith("(") && !/^\([^/)]*\)\//.test(match) ? match.slice(1) : match;
}

/** Does a path cited in `file` name a file of this repository (from the root, from the file's folder, or as the
 * tail of a tracked path — comments often leave out the `app/(console)/` of a page)? */
export function citationExists(cited: string, file: string): boolean {
  const clean = cited.replace(/^\.\//, "");
  if (GENERATED.has(clean)) return true;
  if (trackedSet.has(clean) || fs.existsSync(path.join(root, clean))) return true;
  if (fs.existsSync(path.join(root, path.dirname(file), cited))) return true;
  return tracked.some((t) => t.endsWith(`/${clean}`));
}

/** The headings of a Markdown text (outside its fenced code), each also by its title: the words after its section
 * number and before a colon, a semicolon, a dash or a parenthesis ("5. Lists (issue 9)" is cited as "Lists" too). */
export function headingsOf(markdown: string): Set<string> {
  const names = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced || !line.startsWith("#")) continue;
    const heading = line.replace(/^#+\s*/, "").trim();
    names.add(heading);
    names.add((heading.replace(/^\d+(\.\d+)*\.?\s+/, "").split(/:|;| \(| —/)[0] ?? "").trim());
  }
  return names;
}

/** The Markdown file a citation names: README is the repository's; a path from the root, from the citing file's
 * folder, or as the tail of a tracked path, as for any cited file. */
function citedDocument(document: string, file: string): string | undefined {
  const name = document === "README" ? "README.md" : document.replace(/^\.\//, "");
  if (trackedSet.has(name)) return name;
  const beside = path.join(path.dirname(file), name);
  if (trackedSet.has(beside)) return beside;
  return tracked.find((t) => t.endsWith(`/${name}`));
}

/** Every heading citation of a text that names no heading of its document, as a sentence. */
export function headingProblems(text: string, file: string, line: number): string[] {
  return [...text.matchAll(HEADING_CITATION)].flatMap((match) => {
    const [, document = "", ...quoted] = match;
    const heading = (quoted.find((q) => q !== undefined) ?? "").trim();
    const found = citedDocument(document, file);
    if (found === undefined) return [`${file}:${line} names a section of ${document}, which does not exist`];
    if (headingsOf(fs.readFileSync(path.join(root, found), "utf8")).has(heading)) return [];
    return [`${file}:${line} names ${document} section "${heading}", which is no heading of ${found}`];
  });
}

describe("citations in comments and docs", () => {
  it("every file a source comment names exists, and none is outside the repository", () => {
    const problems: string[] = [];
    for (const file of tracked.filter(isCheckedSource)) {
      commentLines(fs.readFileSync(path.join(root, file), "utf8")).forEach((comment, index) => {
        if (OUTSIDE.test(comment)) problems.push(`${file}:${index + 1} cites a document outside the repository`);
        for (const match of comment.matchAll(CITED_PATH)) {
          const cited = unwrap(match[1] ?? "");
          if (!citationExists(cited, file)) problems.push(`${file}:${index + 1} names ${cited}, which does not exist`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('every section a comment names by its heading (README, "…"; docs/x.md, "…") is a heading of that file', () => {
    const problems: string[] = [];
    for (const file of tracked.filter(isCheckedSource)) {
      commentLines(fs.readFileSync(path.join(root, file), "utf8")).forEach((comment, index) => {
        problems.push(...headingProblems(comment, file, index + 1));
      });
    }
    expect(problems).toEqual([]);
  });

  it("so is every section the docs, the schema and the deployment files name by its heading", () => {
    const problems: string[] = [];
    for (const file of tracked.filter(isOtherText)) {
      fs.readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((text, index) => problems.push(...headingProblems(text, file, index + 1)));
    }
    expect(problems).toEqual([]);
  });

  it("every relative link in the Markdown docs leads to a file of the repository", () => {
    const problems: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith(".md"))) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (match[1] ?? "").split("#")[0];
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!fs.existsSync(path.join(root, path.dirname(file), target))) problems.push(`${file} links to ${target}`);
      }
      if (OUTSIDE.test(text.replace(/`[^`]*`/g, ""))) problems.push(`${file} cites a document outside the repository`);
    }
    expect(problems).toEqual([]);
  });

  it("the checks see what they are meant to see", () => {
    // Guards against a regular expression that silently matches nothing.
    const comments = commentLines(
      'const a = "http://x"; // see (lib/db/pool.ts and lib/nope/gone.ts\n/* docs/design.md */',
    );
    const cited = comments.flatMap((c) => [...c.matchAll(CITED_PATH)].map((m) => unwrap(m[1] ?? "")));
    expect(cited).toEqual(["lib/db/pool.ts", "lib/nope/gone.ts", "docs/design.md"]);
    expect(citationExists("lib/db/pool.ts", "x.ts")).toBe(true);
    expect(citationExists("lib/nope/gone.ts", "x.ts")).toBe(false);
    expect(citationExists("batches/[id]/page.tsx", "x.ts")).toBe(true);
    expect(unwrap("(console)/compose/page.tsx")).toBe("(console)/compose/page.tsx");
    expect(OUTSIDE.test(`see ${"DESIGN"}.md §9`)).toBe(true);
    const cites = (text: string) => [...text.matchAll(HEADING_CITATION)].map((m) => `${m[1]} ${m[2] ?? m[3] ?? m[4]}`);
    expect(cites("README's “Tests”")).toEqual(["README Tests"]);
    expect(cites('(README, "Tests")')).toEqual(["README Tests"]);
    expect(cites(`(README.md, "Metrics"; docs/api.md "References", BENCHMARKS.md, 'Export')`)).toEqual([
      "README.md Metrics",
      "docs/api.md References",
      "BENCHMARKS.md Export",
    ]);
    expect(cites(`docs/partitioning.md, "The applier's plan"`)).toEqual(["docs/partitioning.md The applier's plan"]);
    const headings = headingsOf("# Tuma\n## 5. Lists (issue 9)\n```\n# a shell comment\n```\n## Lean: idle memory");
    expect([...headings]).toEqual(["Tuma", "5. Lists (issue 9)", "Lists", "Lean: idle memory", "Lean"]);
    expect(headingProblems('(README, "Tests")', "x.ts", 1)).toEqual([]);
    expect(headingProblems('(README, "No such heading")', "x.ts", 1)).toHaveLength(1);
    expect(headingProblems('(docs/nowhere.md, "Tests")', "x.ts", 1)).toHaveLength(1);
  });
});
