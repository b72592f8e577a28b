// Malformed request lines over a real socket, to a real Node server doing what programs/web-server.ts does before
// Next: checkTarget/answerBadTarget in its handler, answerUnparsable as its `clientError` listener. Each is answered
// 400 with its sentence (problem+json under /api), the connection is closed by the server, and nothing is logged.
import net from "node:net";
import { expect, test, vi } from "vitest";
import { logger } from "@/lib/log";
import { answerBadTarget, answerUnparsable, checkTarget, MAX_TARGET_BYTES, TARGET_PROBLEMS } from "./request-target";
import { serverForFile } from "@/test/loopback-server";

const { server, port } = await serverForFile((request, response) => {
  const target = checkTarget(request.url);
  if (!target.ok) return answerBadTarget(request, response, target.problem);
  response.end(`routed ${target.pathname}`);
});
server.on("clientError", answerUnparsable);

type Answer = { status: number; headers: Record<string, string>; body: string; closedByServer: boolean };

/** Sends `head` as raw bytes and reads until the server closes the connection (a server that never answers, or
 * keeps the connection open, fails the test by its timeout: nothing here waits for a time). */
function raw(head: string | Buffer, keepOpen = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // A well-formed request on a kept-alive connection: the whole answer is in, the server does not close.
      if (keepOpen && Buffer.concat(chunks).includes("routed")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [headText = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = headText.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body, closedByServer: !keepOpen });
    });
    socket.write(head);
  });
}

const get = (target: string) => raw(`GET ${target} HTTP/1.1\r\nHost: console.test\r\n\r\n`);

test("every malformed target is a 400 with its sentence and the connection closed; nothing is logged", async () => {
  const logged = [vi.spyOn(console, "error"), vi.spyOn(logger(), "error"), vi.spyOn(logger(), "warn")];
  const cases: [string | Buffer, string][] = [
    ["GET // HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.twoSlashes],
    ["GET //evil.example/login HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.twoSlashes],
    ["GET /% HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.badEscape],
    ["GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.badEscape],
    ["GET /%C0%80 HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.badEscape],
    ["GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.control],
    ["GET http://console.test/login HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.notAPath],
    ["OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", TARGET_PROBLEMS.notAPath],
    [`GET /${"a".repeat(MAX_TARGET_BYTES)} HTTP/1.1\r\nHost: x\r\n\r\n`, TARGET_PROBLEMS.tooLong],
    // Refused by Node's parser itself: a 16 KB path (over its 16 KB for the request line and headers), a raw NUL.
    [`GET /${"a".repeat(16 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, TARGET_PROBLEMS.headersTooLarge],
    [Buffer.from("GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n", "latin1"), TARGET_PROBLEMS.unparsable],
    ["HELLO\r\n\r\n", TARGET_PROBLEMS.unparsable],
  ];
  for (const [head, problem] of cases) {
    const answer = await raw(head);
    const shown = head.toString().slice(0, 40);
    expect(answer.status, shown).toBe(400);
    expect(answer.body, shown).toBe(`Bad request. ${problem}\n`);
    expect(answer.headers["content-type"], shown).toBe("text/plain; charset=utf-8");
    expect(answer.headers["connection"], shown).toBe("close");
    expect(answer.headers["x-content-type-options"], shown).toBe("nosniff");
  }
  for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  for (const spy of logged) spy.mockRestore();
});

test("under /api the answer is the API's problem shape", async () => {
  for (const [target, problem] of [
    ["/api/v1/batches/%zz", TARGET_PROBLEMS.badEscape],
    [`/api/${"a".repeat(16 * 1024)}`, TARGET_PROBLEMS.headersTooLarge],
  ] as const) {
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(answer.body)).toEqual({
      type: "/api-reference#problem-validation_failed",
      code: "validation_failed",
      title: "Bad Request",
      status: 400,
      detail: problem,
    });
  }
});

test("well-formed targets are routed as before, a bad escape in the query included (it is the route's to judge)", async () => {
  const answer = await raw("GET /lists/a%20b?q=%zz HTTP/1.1\r\nHost: x\r\n\r\n", true);
  expect([answer.status, answer.body]).toEqual([200, "routed /lists/a%20b"]);
  expect(checkTarget("/batches/1?x=1#y")).toEqual({ ok: true, pathname: "/batches/1" });
});
