// Runs one of Tuma's programs (scripts/<name>.ts) as compiled JavaScript: esbuild bundles it with our own modules
// into dist/<name>.mjs (packages stay in node_modules, loaded by Node as usual), then this process imports the bundle
// and becomes that program. `npm start`, every child it supervises and `npm run worker` start this way, so no
// production process carries a TypeScript compiler (tsx held about 30 MB in each: BENCHMARKS.md, idle memory).
// Bundling takes a fraction of a second and happens at every start, so a start never runs code older than its
// sources. Plain JavaScript because it is what compiles the rest.
//
//   node [--conditions=react-server] scripts/launch.mjs <name> [arguments for the program]
//
// The bundle resolves packages with this process's own --conditions (react-server for server code, as tsx did).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const [name, ...programArgs] = process.argv.slice(2);
const source = name ? path.join(root, "scripts", `${name}.ts`) : "";
if (!name || !/^[a-z-]+$/.test(name) || !fs.existsSync(source)) {
  process.stderr.write(
    `Usage: node scripts/launch.mjs <program> — scripts/${name ?? "<program>"}.ts does not exist.\n`,
  );
  process.exit(2);
}

const conditions = process.execArgv.flatMap((flag) =>
  flag.startsWith("--conditions=") ? [flag.slice("--conditions=".length)] : [],
);
const outfile = path.join(outputFolder(), `${name}.mjs`);
try {
  const result = await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${process.versions.node}`,
    packages: "external",
    conditions,
    tsconfig: path.join(root, "tsconfig.json"),
    write: false,
    logLevel: "silent",
  });
  // Written whole, then renamed into place: two starts in one folder write the same bytes, and no process ever
  // imports half a file.
  const temporary = `${outfile}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, result.outputFiles[0].contents);
  fs.renameSync(temporary, outfile);
} catch (error) {
  const messages = error?.errors?.map((e) => `${e.location?.file}:${e.location?.line}: ${e.text}`) ?? [String(error)];
  process.stderr.write(`Tuma could not start: compiling scripts/${name}.ts failed.\n${messages.join("\n")}\n`);
  process.exit(1);
} finally {
  // esbuild's service is a child process of its own: not kept for the life of the program.
  await stop();
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
