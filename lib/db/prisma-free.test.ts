// The worker and the importer never load the Prisma client: every statement they run is plain SQL (lib/db/pool.ts),
// and the client's query compiler would hold about 30 MB in each for nothing (BENCHMARKS.md, idle memory). Checked on
// what their programs actually bundle (esbuild, as programs/launch.mjs builds them), so a new import anywhere in their
// graph that reaches lib/db/client.ts fails here, naming the path that brought it in. (Prisma's migration engine,
// lib/db/migrator.ts, is another matter: `npm run worker` alone migrates at start, and loads its WebAssembly only then.)
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

async function inputsOf(program: string): Promise<Metafile["inputs"]> {
  const result = await build({
    entryPoints: [path.join(ROOT, "programs", `${program}.ts`)],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    conditions: ["react-server"],
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "silent",
  });
  return result.metafile.inputs;
}

/** The chain of imports from the program down to `target`, for the failure message. */
function chainTo(inputs: Metafile["inputs"], target: string): string[] {
  const importers = new Map<string, string>();
  for (const [file, { imports }] of Object.entries(inputs))
    for (const { path: imported } of imports) if (!importers.has(imported)) importers.set(imported, file);
  const chain = [target];
  for (let at = importers.get(target); at && !chain.includes(at); at = importers.get(at)) chain.unshift(at);
  return chain;
}

test.each(["worker", "importer"])(
  "programs/%s.ts bundles neither lib/db/client.ts nor Prisma's client runtime",
  async (program) => {
    const inputs = await inputsOf(program);
    expect(Object.keys(inputs).length).toBeGreaterThan(20); // the program's own graph was read
    expect(inputs["lib/db/pool.ts"]).toBeDefined();
    expect(inputs["lib/db/client.ts"] ? chainTo(inputs, "lib/db/client.ts") : []).toEqual([]);
    const runtime = Object.values(inputs).flatMap(({ imports }) =>
      imports.filter(({ path: imported }) => imported.startsWith("@prisma/client")),
    );
    expect(runtime).toEqual([]);
  },
  60_000,
);
