// Run by the Dockerfile on the production packages (after `npm prune --omit=dev`): removes what the runtime image
// never loads, which npm keeps. Measured in BENCHMARKS.md ("Deploy": image size). Plain JavaScript: the stage that
// runs it has Node.js and no TypeScript. Each rule reads package-lock.json or prisma/schema.prisma, never a guess:
//   - packages the lock marks devOptional: wanted only by a development dependency or as an optional peer of a
//     production one (Prisma's CLI and TypeScript for @prisma/client, Playwright for Next), which `--omit=dev` keeps;
//   - packages built for musl only (npm 9, Debian's, installs them on glibc too: it ignores the lock's `libc`);
//   - Next's SWC compiler (@next/swc-*): the build is made; the server runs the built output without it;
//   - Prisma's query compilers for other databases than the schema's, and of the build the schema does not choose.
import fs from "node:fs";
import path from "node:path";

const app = process.argv[2] ?? process.cwd();
const lock = JSON.parse(fs.readFileSync(path.join(app, "package-lock.json"), "utf8"));
let removed = 0;
const remove = (target) => {
  if (!fs.existsSync(target)) return;
  fs.rmSync(target, { recursive: true, force: true });
  removed += 1;
};

for (const [where, meta] of Object.entries(lock.packages)) {
  if (!where.startsWith("node_modules/")) continue;
  const muslOnly = Array.isArray(meta.libc) && !meta.libc.includes("glibc");
  if (meta.devOptional || muslOnly || where.startsWith("node_modules/@next/swc-")) remove(path.join(app, where));
}

const schema = fs.readFileSync(path.join(app, "prisma", "schema.prisma"), "utf8");
const provider = /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/.exec(schema)?.[1];
const build = /compilerBuild\s*=\s*"(\w+)"/.exec(schema)?.[1] ?? "fast";
const runtime = path.join(app, "node_modules", "@prisma", "client", "runtime");
if (provider && fs.existsSync(runtime)) {
  for (const file of fs.readdirSync(runtime)) {
    const compiler = /^query_compiler_(\w+)_bg\.(\w+)\./.exec(file);
    if ((compiler && (compiler[1] !== build || compiler[2] !== provider)) || file.endsWith(".map"))
      remove(path.join(runtime, file));
  }
}
console.log(`Removed ${removed} packages and files the runtime never loads.`);
