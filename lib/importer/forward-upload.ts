// The web side of the hand-off (protocol.ts): an upload's body streamed on to the importer as it arrives, with
// backpressure both ways (the browser sends as fast as the importer reads, so its progress bar shows what was read),
// and the importer's answer back. The browser going away (Cancel) ends the hand-off, and the importer then stops and
// stores nothing; the importer answering early (a limit, a bad file) stops reading the browser's body.
import "server-only";
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/log";
import { INTERRUPTED } from "@/lib/list-files/limited-body";
import {
  AUTHOR_HEADER,
  DECLARED_BYTES_HEADER,
  IMPORT_PATH,
  importAnswerSchema,
  type ImportAnswer,
  type ImportQuery,
} from "./protocol";

export type ImporterTarget = { url: string; secret: string };
export type Imported = Extract<ImportAnswer, { ok: true }>;

export const IMPORTER_DOWN =
  "The part of Tuma that reads lists is restarting; nothing was stored. Upload the file again in a few seconds.";
const NO_IMPORTER =
  "Uploads are read by Tuma's importer process, which `npm start` runs; this web process was started without one.";
const READ_AHEAD_BYTES = 1024 * 1024;
/** The answer carries the report's first lines only: a few KiB. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export type ForwardInput = ImportQuery & {
  body: ReadableStream<Uint8Array> | null;
  declaredBytes: number | null;
  authorId: string;
  /** Aborted when the browser goes away. */
  signal: AbortSignal;
};

export function importerTarget(): ImporterTarget {
  const { IMPORTER_URL, IMPORTER_SECRET } = env();
  if (!IMPORTER_URL || !IMPORTER_SECRET) throw new AppError("BUSY", NO_IMPORTER);
  return { url: IMPORTER_URL, secret: IMPORTER_SECRET };
}

export function forwardUpload(input: ForwardInput, target: ImporterTarget = importerTarget()): Promise<Imported> {
  const url = new URL(IMPORT_PATH, target.url);
  for (const key of ["filename", "name", "phoneColumn", "progressKey", "purpose"] as const) {
    const value = input[key];
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return new Promise<Imported>((resolve, reject) => {
    const upstream = http.request(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target.secret}`,
        [AUTHOR_HEADER]: input.authorId,
        ...(input.declaredBytes !== null ? { [DECLARED_BYTES_HEADER]: String(input.declaredBytes) } : {}),
        "content-type": "application/octet-stream",
      },
    });
    // Up to a mebibyte read ahead of the importer: it never waits for the browser's next bytes to be moved through this
    // process while they are already here (on a busy machine each such wait is a scheduling turn of two processes).
    const source = input.body
      ? Readable.fromWeb(input.body as NodeReadableStream<Uint8Array>, { highWaterMark: READ_AHEAD_BYTES })
      : Readable.from([]);
    let browserGone = input.signal.aborted;
    let answered = false;
    source.once("error", () => (browserGone = true));
    const onAbort = () => {
      browserGone = true;
      upstream.destroy();
    };
    input.signal.addEventListener("abort", onAbort, { once: true });

    upstream.once("response", (response) => {
      answered = true;
      readAnswer(response).then((answer) => {
        input.signal.removeEventListener("abort", onAbort);
        // Answered before the whole file was sent (a limit, a bad file): the rest of the browser's body is not read.
        source.destroy();
        if (answer.ok) resolve(answer);
        else if (answer.code) reject(new AppError(answer.code, answer.message, answer.fieldErrors));
        else reject(new Error(`the importer failed (${response.statusCode})`));
      }, reject);
    });
    upstream.once("error", (error) => {
      input.signal.removeEventListener("abort", onAbort);
      if (answered) return;
      // The browser went away (the importer noticed and stored nothing), or the importer did.
      if (browserGone) reject(new AppError("INVALID_INPUT", INTERRUPTED));
      else {
        logger().warn({ err: error }, "the importer could not be reached, or stopped mid-upload");
        reject(new AppError("BUSY", IMPORTER_DOWN));
      }
    });
    // Errors of either side come out of `upstream` above; the pipeline only moves the bytes.
    pipeline(source, upstream).catch(() => {});
  });
}

async function readAnswer(response: http.IncomingMessage): Promise<ImportAnswer> {
  let text = "";
  for await (const chunk of response.setEncoding("utf8")) {
    text += chunk as string;
    if (text.length > MAX_ANSWER_BYTES) throw new Error("the importer's answer is too long");
  }
  const parsed = importAnswerSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`the importer's answer has an unexpected shape (${response.statusCode})`);
  return parsed.data;
}
