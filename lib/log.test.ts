// A terminal gets short sentences; anything else (a pipe, a file, a service manager) gets JSON lines.
import { expect, test } from "vitest";
import { createLogger, type LogOutput } from "./log";

function capture(isTTY: boolean): LogOutput & { lines: string[] } {
  const lines: string[] = [];
  return { isTTY, lines, write: (text: string) => lines.push(text) };
}

test("in a terminal, a record is its sentence: no JSON, no level number, no time", () => {
  const out = capture(true);
  const log = createLogger("info", out);
  log.info({ component: "worker" }, "Dispatch worker w-1 running with 48 lanes.");
  log.warn({ err: new Error("Connection terminated unexpectedly") }, "idle database connection lost");
  log.error({ err: new Error("boom"), where: "POST /api/batches" }, "unexpected error");
  log.debug("not at this level");

  expect(out.lines[0]).toBe("Dispatch worker w-1 running with 48 lanes.\n");
  expect(out.lines[1]).toBe("Warning: idle database connection lost: Connection terminated unexpectedly\n");
  expect(out.lines[2]).toMatch(/^Error: unexpected error: boom \(where: POST \/api\/batches\)\n\s+at /);
  expect(out.lines).toHaveLength(3);
});

test("not a terminal (`npm start | cat`, production): JSON lines, secrets redacted", () => {
  const out = capture(false);
  const log = createLogger("info", out);
  log.info({ component: "worker", token: "tok_secret" }, "Dispatch worker w-1 running with 48 lanes.");
  expect(out.lines).toHaveLength(1);
  const record = JSON.parse(out.lines[0]!) as Record<string, unknown>;
  expect(record).toMatchObject({
    level: 30,
    app: "tuma",
    component: "worker",
    msg: "Dispatch worker w-1 running with 48 lanes.",
    token: "[Redacted]",
  });
});

test("a stream that does not say it is a terminal is treated as not one", () => {
  const lines: string[] = [];
  createLogger("info", { write: (text: string) => lines.push(text) }).info("hello");
  expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "hello" });
});

test("an error's attached objects are left out of its record, its own fields kept", () => {
  const out = capture(false);
  const log = createLogger("info", out);
  // As pg's idle-connection error arrives: its client attached, with the connection's parameters inside.
  const error = Object.assign(new Error("terminating connection due to administrator command"), {
    code: "57P01",
    client: { connectionParameters: { user: "tuma", host: "127.0.0.1", port: 5432 }, _queryQueue: [] },
    issues: [{ path: ["phone"], message: "Invalid number" }],
  });
  log.warn({ err: error }, "idle database connection lost");
  const record = JSON.parse(out.lines[0]!) as { err: Record<string, unknown> };
  expect(record.err).toMatchObject({
    type: "Error",
    message: "terminating connection due to administrator command",
    code: "57P01",
    issues: [{ path: ["phone"], message: "Invalid number" }],
  });
  expect(record.err.stack).toEqual(expect.any(String));
  expect(record.err).not.toHaveProperty("client");
  expect(out.lines[0]!.length).toBeLessThan(2_000);
});
