// The importer: a small HTTP server on loopback that reads uploaded lists, so that parsing a million rows (and any
// hostile file's cost) lands in its own process and never in the web process's memory or event loop. `npm start`
// runs one beside its web process (programs/importer.ts); the web route streams each upload to it (forward-upload.ts).
// Only a caller with the shared secret is served; what the caller says about the operator is trusted, because that
// caller (the web process) checked the session. An import whose caller goes away mid-file stops and stores nothing.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import { toErrorBody } from "@/lib/errors/error-shape";
import { importList } from "@/lib/lists/import-list";
import { reportSamples } from "@/lib/lists/report-csv";
import { addOptOutsFromUpload } from "@/lib/opt-outs/opt-outs";
import { keepConnectionsAlive } from "@/lib/http/keep-alive";
import {
  AUTHOR_HEADER,
  DECLARED_BYTES_HEADER,
  HEALTH_PATH,
  IMPORT_PATH,
  importQuerySchema,
  type ImportAnswer,
} from "./protocol";

export type Importer = { url: string; port: number; close: () => Promise<void> };

export async function startImporter(options: { port: number; host?: string; secret: string }): Promise<Importer> {
  const expected = digest(`Bearer ${options.secret}`);
  const authorized = (header: string | undefined) => header !== undefined && timingSafeEqual(digest(header), expected);

  const server = http.createServer((request, response) => {
    handle(request, response, authorized).catch((error: unknown) => {
      // A bug must not take the importer down: the caller gets the one unexpected-error answer.
      const { status, body } = toErrorBody(error, "importer");
      send(response, status, { ...body, code: null });
    });
  });
  keepConnectionsAlive(server);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    // Imports in progress finish (the web process, stopped first, has already answered its browsers).
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function handle(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  authorized: (header: string | undefined) => boolean,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://importer");
  if (request.method === "GET" && url.pathname === HEALTH_PATH) return send(response, 200, { ok: true });
  if (request.method !== "POST" || url.pathname !== IMPORT_PATH)
    return send(response, 404, { ok: false, code: "NOT_FOUND", message: "Not found." });
  if (!authorized(request.headers.authorization))
    return send(response, 401, { ok: false, code: "UNAUTHENTICATED", message: "Not the web process." });
  const query = importQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const author = z.uuid().safeParse(request.headers[AUTHOR_HEADER]);
  const declared = request.headers[DECLARED_BYTES_HEADER];
  if (!query.success || !author.success || (declared !== undefined && !/^\d+$/.test(String(declared))))
    return send(response, 400, { ok: false, code: "INVALID_INPUT", message: "Malformed hand-off." });

  let answer: ImportAnswer;
  let status = 201;
  try {
    const list = await importList({
      // Read without destroying the request when the import stops early (a limit crossed, a bad file): destroying it
      // would close the socket before the answer that says why is written.
      body: { [Symbol.asyncIterator]: () => request.iterator({ destroyOnReturn: false }) },
      declaredBytes: declared === undefined ? null : Number(declared),
      filename: query.data.filename,
      name: query.data.name,
      phoneColumn: query.data.phoneColumn,
      progressKey: query.data.progressKey,
      authorId: author.data,
    });
    if (query.data.purpose === "opt-outs") {
      // An opt-out file: its numbers join the opt-outs and the list, only the way in, is deleted.
      const { added } = await addOptOutsFromUpload(list.id, author.data);
      answer = {
        ok: true,
        list,
        samples: {},
        optOuts: {
          rows: list.rows,
          added,
          already: list.optedOut,
          invalid: list.invalid,
          duplicates: list.duplicates,
        },
      };
    } else answer = { ok: true, list, samples: await reportSamples(list.id) };
  } catch (error) {
    const shaped = toErrorBody(error, "importer");
    status = shaped.status;
    answer = { ...shaped.body, code: isAppError(error) ? error.code : null };
  }
  send(response, status, answer);
}

/** What a caller may still send after an early answer before it is cut off: far more than the web process's
 * 1 MiB read-ahead and the socket buffers between the two. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
/** How long a connection answered early stays half-open for the web process to read the answer and close: as long
 * as the web server's own linger (lib/web-server/limit-request-body.ts says why not a couple of seconds). */
const LINGER_MS = 30_000;

function send(response: http.ServerResponse, status: number, body: ImportAnswer | { ok: true }): void {
  if (response.headersSent || response.destroyed) return; // the caller went away: nobody to tell
  const json = JSON.stringify(body);
  const request = response.req;
  // A refusal ends the connection (the web process never reuses it); one given before the whole file was read (a
  // limit crossed, a bad file) ends it with a lingering close.
  if (status >= 400 && !request.complete) linger(request);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
    ...(status >= 400 ? { connection: "close" } : {}),
  });
  response.end(json);
}

/**
 * Closing a socket with unread bytes makes the kernel reset the connection, and a reset can destroy the answer
 * before the web process reads it (the person would be told "restarting" instead of why the file was refused). So,
 * as web servers do: the answer and a FIN go out, what the web process still has in flight is read and dropped until
 * it closes its side (it stops sending when it reads the answer), LINGER_MS pass or MAX_DRAINED_BYTES were dropped.
 */
function linger(request: http.IncomingMessage): void {
  const socket = request.socket;
  const destroy = () => socket.destroy();
  // Node destroys a connection it was told to close once the answer is written: half-close instead.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(destroy, LINGER_MS).unref();
  };
  let dropped = 0;
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DRAINED_BYTES) destroy();
  });
  request.on("error", () => {});
  request.resume();
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
