// The sandbox's control API (sandbox/control-api.ts) as `npm run test:deploy` reaches it: the sandbox runs in the
// console's container, on the stack's own network (SANDBOX_HOST), and answers control requests only with a loopback
// Host header, so they are made from inside that container with its own token (the console's secrets.json).
import type { Project } from "./docker";

const SCRIPT = `
const http = require("node:http");
const fs = require("node:fs");
const token = process.env.SANDBOX_TOKEN || JSON.parse(fs.readFileSync(process.env.TUMA_DATA_DIR + "/secrets.json", "utf8")).sandboxToken;
const [method, path, body] = process.argv.slice(1);
const req = http.request(
  { host: process.env.SANDBOX_HOST, port: 4010, path, method,
    headers: { host: "127.0.0.1:4010", authorization: "Bearer " + token, "content-type": "application/json" } },
  (res) => { let out = ""; res.on("data", (c) => (out += c)); res.on("end", () => {
    if (res.statusCode !== 200) { console.error(res.statusCode + " " + out); process.exit(1); }
    process.stdout.write(out); }); });
req.on("error", (e) => { console.error(String(e)); process.exit(1); });
req.end(body || "");
`;

export async function sandboxControl<T>(project: Project, method: "GET" | "POST", path: string, body?: unknown) {
  const args = ["exec", "-T", "console", "node", "-e", SCRIPT, method, `/__sandbox/${path}`];
  if (body !== undefined) args.push(JSON.stringify(body));
  return JSON.parse((await project.compose(args)).stdout) as T;
}

export type SandboxMessage = { correlator: string | number | null };
