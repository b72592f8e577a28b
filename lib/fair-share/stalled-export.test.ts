// An export whose client stays connected but reads nothing (a zero TCP window) is ended once it has waited longer
// than its stall limit for the client: the slot row is gone, a line says so, and the same user exports again. Real
// parts: the batch's CSV export from PostgreSQL, held by heldStream as the routes hold it, piped to a real socket the
// way Next pipes a route handler's body (its own pipeToNodeResponse), and a client socket that is paused. The test
// waits for the slot rows themselves, never for a time; the stall limit is the configuration under test.
import net from "node:net";
import { randomUUID } from "node:crypto";
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";
import { expect, test, vi } from "vitest";
import { reportStream } from "@/lib/batches/export-report";
import { isAppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/log";
import { waitFor } from "@/test/dispatch-harness";
import { account, batch, countRows, messages } from "@/test/report-data";
import { heldStream } from "./held-stream";
import { serverForFile } from "@/test/loopback-server";

/** The stall limit of the exports the test leaves unread; the one it reads keeps the default (minutes). */
const STALL_MS = 1_500;

const user = randomUUID();

const batchId = await batch(await account(), { name: "Stalled" });
// 30,000 recipients with a 400-character text: a 14 MB CSV, more than the sockets' buffers hold.
await messages(
  batchId,
  Array.from({ length: 30_000 }, (_, i) => ({
    phone: `2547${String(30_000_000 + i)}`,
    state: "DELIVERED",
    text: "x".repeat(400),
  })),
);
const { port } = await serverForFile((request, response) => {
  const stallMs = request.url === "/unread" ? STALL_MS : undefined;
  heldStream("EXPORT", user, () => reportStream({ id: batchId, templateText: "Hi" }, null), stallMs)
    .then((body) => pipeToNodeResponse(body, response))
    .catch((error: unknown) => {
      if (isAppError(error)) return void response.writeHead(429).end(error.message);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
});

const slots = () => countRows(`"TransferSlot" WHERE "userId" = $1`, [user]);

/** A client that asks for the export and then reads nothing: its socket paused from the start. */
function unreadExport(): net.Socket {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write("GET /unread HTTP/1.1\r\nHost: console.test\r\n\r\n");
  socket.pause();
  return socket;
}

const endedLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.filter(([, message]) => typeof message === "string" && message.startsWith("An export"));

test(
  "two exports nobody reads are ended after their stall limit: their slots are freed, a line says so, and the user exports again",
  { timeout: 240_000 },
  async () => {
    const warn = vi.spyOn(logger(), "warn");
    const held = [unreadExport(), unreadExport()];
    // Each line is written by an export that held a slot, when it is ended; then its row goes.
    await waitFor(
      async () => endedLines(warn).length,
      (n) => n === 2,
      120_000,
      "both exports to be ended",
    );
    await waitFor(slots, (n) => n === 0, 60_000, "the stalled exports' slots to be freed");
    const lines = endedLines(warn);
    expect(lines.map(([, message]) => message)).toEqual([
      "An export made no progress for 1.5 s: its client read nothing. It was ended and its slot freed.",
      "An export made no progress for 1.5 s: its client read nothing. It was ended and its slot freed.",
    ]);
    expect(lines.map(([fields]) => (fields as { userId: string }).userId)).toEqual([user, user]);

    // The same user's next two exports are allowed (two is the user's share) and arrive whole: the header and all
    // 30,000 recipients each.
    const next = await Promise.all([fetch(`http://127.0.0.1:${port}/read`), fetch(`http://127.0.0.1:${port}/read`)]);
    expect(next.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of next) expect((await answer.text()).trimEnd().split("\r\n")).toHaveLength(30_001);
    expect(await slots()).toBe(0);
    for (const socket of held) socket.destroy();
    warn.mockRestore();
  },
);
