// The built console as `npm start` runs it, for benchmarks that measure it over HTTP: built first when a source is
// newer than the build (the time is reported, not counted), started on the benchmark's database without the
// sandbox (stopped with the bench env), and a logged-in operator's session cookie got through the real log-in
// (next-auth's credentials flow).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { buildIfStale } from "../lib/bootstrap/build";
import { startConsole, type ConsoleProcess } from "../test/console-process";
import { logInOverHttp } from "../test/http-log-in";
import { scratchDir, type BenchEnv } from "./bench-env";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type BenchConsole = ConsoleProcess & { buildSeconds: number };

export async function startBenchConsole(
  env: BenchEnv,
  name: string,
  extra: Record<string, string> = {},
): Promise<BenchConsole> {
  let buildSeconds = 0;
  const t0 = performance.now();
  let built = false;
  await buildIfStale(ROOT, () => {
    built = true;
    console.log(`${name} bench: building the console…`);
  });
  if (built) buildSeconds = (performance.now() - t0) / 1000;
  const console_ = await startConsole({
    DATABASE_URL: env.databaseUrl,
    SANDBOX: "off",
    ALLOW_INSECURE_HTTP: "on",
    WORKER: "off",
    TUMA_DATA_DIR: scratchDir(env, name),
    TUMA_ENCRYPTION_KEY: process.env.TUMA_ENCRYPTION_KEY ?? "",
    LOG_LEVEL: "warn",
    ...extra,
  });
  env.atStop(console_.stop);
  return { ...console_, buildSeconds };
}

/** A new operator, logged in through the console's own log-in form handler: its session cookie. */
export async function operatorSession(base: string): Promise<string> {
  const { db } = await import("../lib/db/client");
  const email = `bench-${Date.now()}@tuma.local`;
  const password = `bench-${Math.random().toString(36).slice(2)}`;
  await db.user.create({
    data: { email, name: "Bench operator", role: "OPERATOR", passwordHash: await hash(password) },
  });
  return logInOverHttp(base, email, password);
}

/** Streams `file` from disk to the console's upload route as a browser does (raw body, Content-Length): the answer. */
export function uploadFile(
  base: string,
  cookie: string,
  file: string,
  filename = path.basename(file),
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/lists?${new URLSearchParams({ filename })}`,
      {
        method: "POST",
        headers: { cookie, "content-type": "application/octet-stream", "content-length": fs.statSync(file).size },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    fs.createReadStream(file).pipe(request);
  });
}

/** `url` fetched by curl in its own process (its memory and CPU not this one's), as fast as it reads: time and bytes. */
export async function download(
  url: string,
  cookie: string | undefined,
  curlArgs: string[] = [],
): Promise<{ seconds: number; bytes: number }> {
  const args = ["-sS", "-f", "-o", "/dev/null", "-w", "%{size_download}", ...curlArgs, url];
  const t0 = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    const curl = spawn("curl", cookie ? ["-b", cookie, ...args] : args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    curl.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    curl.once("exit", (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`curl exited with ${code}`))));
  });
  return { seconds: (performance.now() - t0) / 1000, bytes };
}
