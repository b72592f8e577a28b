// Runs one of Tuma's programs (programs/<name>.ts) as compiled JavaScript: esbuild bundles it with our own modules
// into dist/<name>.mjs (packages stay in node_modules, loaded by Node as usual), then this process imports the bundle
// and becomes that program. `npm start`, every child it supervises and `npm run worker` start this way, so no
// production process carries a TypeScript compiler (tsx held about 30 MB in each: BENCHMARKS.md, idle memory).
// Bundling takes a fraction of a second and happens at every start, so a start never runs code older than its
// sources. Plain JavaScript because it is what compiles the rest.
//
//   node [--conditions=react-server] programs/launch.mjs <name> [arguments for the program]
//
// The bundle resolves packages with this process's own --conditions (react-server for server code, as tsx did).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const [name, ...programArgs] = process.argv.slice(2);
const source = name ? path.join(root, "programs", `${name}.ts`) : "";
if (!name || !/^[a-z-]+$/.test(name) || !fs.existsSync(source)) {
  process.stderr.write(
    `Usage: node programs/launch.mjs <program> — programs/${name ?? "<program>"}.ts does not exist.\n`,
  );
  process.exit(2);
}

const conditions = process.execArgv.flatMap((flag) =>
  flag.startsWith("--conditions=") ? [flag.slice("--conditions=".length)] : [],
);
const outfile = path.join(outputFolder(), `${name}.mjs`);
// Written whole to a temporary name, then renamed into place: two starts in one folder write the same bytes, and no
// process ever imports half a file. esbuild's own executable does the work in a child process and exits: loading its
// JavaScript API here instead kept about 10 MB in every program for its life (BENCHMARKS.md, lean processes).
const temporary = `${outfile}.${randomBytes(6).toString("hex")}.tmp.mjs`;
try {
  execFileSync(
    esbuildExecutable(),
    [
      source,
      `--outfile=${temporary}`,
      "--bundle",
      "--platform=node",
      "--format=esm",
      `--target=node${process.versions.node}`,
      "--packages=external",
      ...conditions.map((condition) => `--conditions=${condition}`),
      `--tsconfig=${path.join(root, "tsconfig.json")}`,
      // Every program here is server code: "server-only" (which throws outside the react-server condition, to keep
      // server modules out of browser bundles) is its empty build, as under that condition. The web server runs
      // without the condition (Next loads React's client build in it) and answers receipts with server modules.
      `--alias:server-only=${path.join(root, "node_modules", "server-only", "empty.js")}`,
      "--log-level=error",
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  fs.renameSync(temporary, outfile);
} catch (error) {
  fs.rmSync(temporary, { force: true });
  const said = typeof error?.stderr === "string" && error.stderr.trim() ? error.stderr.trim() : String(error);
  process.stderr.write(`Tuma could not start: compiling programs/${name}.ts failed.\n${said}\n`);
  process.exit(1);
}

/** esbuild's executable, as its package installed it (the native binary, or on some platforms a script that runs it). */
function esbuildExecutable() {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("esbuild/package.json")), "bin", "esbuild");
}

/**
 * dist/ in the project, or, where this user may not write (a checkout owned by another user, run as a service user),
 * a folder of this user's own in the temporary directory with a link to the project's node_modules, from which the
 * bundle's packages resolve as they would in dist/.
 */
function outputFolder() {
  const inProject = path.join(root, "dist");
  try {
    fs.mkdirSync(inProject, { recursive: true });
    fs.accessSync(inProject, fs.constants.W_OK);
    return inProject;
  } catch {
    const key = createHash("sha256").update(root).digest("hex").slice(0, 12);
    const folder = path.join(os.tmpdir(), `tuma-dist-${process.getuid?.() ?? "user"}-${key}`);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const link = path.join(folder, "node_modules");
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(root, "node_modules"), link);
    return folder;
  }
}

process.argv = [process.argv[0], outfile, ...programArgs];
await import(pathToFileURL(outfile).href);
