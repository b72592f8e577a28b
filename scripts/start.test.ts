// Start-up refuses bad configuration with one sentence naming the variable or resource, and no stack trace.
import { spawn } from "node:child_process";
import net from "node:net";
import { expect, test } from "vitest";
import { freePort } from "@/test/free-port";

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/start.ts"], {
      // A minimal environment, so that nothing from the developer's shell (a DATABASE_URL, say) leaks in.
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        TUMA_DATA_DIR: "/tmp/tuma-start-test-unused",
        ...env,
      },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stderr, stdout }));
  });
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

test("an unreachable database stops start-up with a sentence naming DATABASE_URL", async () => {
  const closedPort = await freePort();
  const result = await start({
    DATABASE_URL: `postgresql://tuma:secret@127.0.0.1:${closedPort}/tuma`,
    PORT: String(await freePort()),
    SANDBOX: "off",
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    `Tuma could not start: Cannot use the database in DATABASE_URL (127.0.0.1:${closedPort}/tuma): the connection was refused`,
  );
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
