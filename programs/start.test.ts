// Start-up refuses bad configuration with one sentence naming the variable or resource, and no stack trace. (The
// sentences that must be the same for root and a normal user are checked as both: start-as-each-user.test.ts.)
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { INSECURE_CONSOLE_URL } from "@/lib/env";
import { START_ARGS } from "@/test/console-process";
import { finished } from "@/test/finished";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-start-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, START_ARGS, {
    // A minimal environment, so that nothing from the developer's shell (a DATABASE_URL, say) leaks in.
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: os.homedir(),
      TUMA_DATA_DIR: fs.mkdtempSync(path.join(scratch, "data-")),
      ...env,
    },
  });
  return finished(child);
}

test("a malformed variable stops start-up with a sentence naming it", async () => {
  const result = await start({ PORT: "eighty" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Tuma could not start: Environment variable PORT is invalid");
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
});

test("a malformed DATABASE_URL is named without echoing its value", async () => {
  const result = await start({ DATABASE_URL: "mysql://root:hunter2@db/x" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Environment variable DATABASE_URL is invalid: must look like postgresql://");
  expect(result.stderr).not.toContain("hunter2");
});

test("with the sandbox off, an http console address stops start-up with a sentence naming NEXTAUTH_URL and the way out", async () => {
  const result = await start({ SANDBOX: "off", NEXTAUTH_URL: "http://tuma.example.com" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    `Tuma could not start: Environment variable NEXTAUTH_URL is invalid: ${INSECURE_CONSOLE_URL} (got "http://tuma.example.com").`,
  );
  expect(result.stderr).toContain("ALLOW_INSECURE_HTTP=on");
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("a port in use stops start-up with a sentence naming PORT", async () => {
  const blocker = net.createServer();
  const port = await new Promise<number>((resolve) =>
    blocker.listen(0, "0.0.0.0", () => resolve((blocker.address() as net.AddressInfo).port)),
  );
  try {
    const result = await start({ PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Tuma could not start: Port ${port} is already in use; stop what is using it or set PORT to another port.`,
    );
  } finally {
    blocker.close();
  }
});
