// A response whose client stops reading is closed by the server once it has waited a whole limit for the client, over
// real sockets: an endless body written with backpressure to a paused client socket. The test waits for the server's
// own `close` of that response, never for a time; the limit is the configuration under test. A client that reads
// gets its whole body.
import http from "node:http";
import net from "node:net";
import { expect, test, vi } from "vitest";
import { logger } from "@/lib/log";
import { closeStalledResponses } from "./stalled-responses";
import { serverForFile } from "@/test/loopback-server";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

const CHUNK = Buffer.alloc(64 * 1024, "x");
const closed: Promise<void>[] = [];

/** Writes `chunks` chunks (Infinity: until the connection goes), waiting for `drain` as Next's pipe does. */
async function serverWith(limitMs: number, chunks: number): Promise<number> {
  const server = http.createServer((_request, response) => {
    closed.push(new Promise((resolve) => response.once("close", () => resolve())));
    let sent = 0;
    const write = (): void => {
      while (sent < chunks && !response.destroyed) {
        sent++;
        if (!response.write(CHUNK)) return void response.once("drain", write);
      }
      if (!response.destroyed) response.end();
    };
    write();
  });
  closeStalledResponses(server, limitMs);
  return (await serverForFile(server)).port;
}

const endless = await serverWith(1_500, Infinity);
const finite = await serverWith(10_000, 320); // 20 MB

test("a client that reads nothing has its response closed by the server after the limit, with one line saying so", async () => {
  const warn = vi.spyOn(logger(), "warn");
  const socket = net.connect(endless, "127.0.0.1");
  socket.on("error", () => {});
  socket.write("GET /export?q=254700000001 HTTP/1.1\r\nHost: console.test\r\n\r\n");
  socket.pause();
  await vi.waitUntil(() => closed.length === 1, { timeout: WAIT_BOUND_MS, interval: 50 });
  await closed[0];
  expect(warn.mock.calls).toEqual([
    [{ path: "/export" }, "A response made no progress for 1.5 s: its client read nothing. Its connection was closed."],
  ]);
  socket.destroy();
  warn.mockRestore();
});

test("a client that reads gets its whole body", async () => {
  const answer = await fetch(`http://127.0.0.1:${finite}/`);
  expect((await answer.arrayBuffer()).byteLength).toBe(320 * CHUNK.length);
});
