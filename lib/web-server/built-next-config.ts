// The Next configuration of the image's web server. The image keeps only the files of `next` that Next traced for its
// standalone server (Dockerfile, deploy/keep-loaded.mjs), and that server never loads next.config.mjs: it is given the
// configuration the build resolved, which .next/required-server-files.json holds, in __NEXT_PRIVATE_STANDALONE_CONFIG
// (what the server.js of `output: "standalone"` sets before it loads Next). Loading next.config.mjs instead needs
// files the trace leaves out (Next's webpack, for its config hooks). The Dockerfile sets TUMA_NEXT_CONFIG=build;
// `npm start` from a checkout loads next.config.mjs as `next start` does.
import fs from "node:fs";
import path from "node:path";

export function applyBuiltNextConfig(root: string): void {
  if (process.env.TUMA_NEXT_CONFIG !== "build") return;
  const manifest = JSON.parse(fs.readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8")) as {
    config: Record<string, unknown>;
  };
  // The build folder relative to the application's, as Next's standalone server.js names it.
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...manifest.config, distDir: "./.next" });
}
