// A response body that holds a transfer slot for as long as the client reads it: the slot is released when the body
// ends, fails, or is cancelled — which is what the server does when the client goes away — and the cancel is passed
// on to the source, so an export stops querying as soon as nobody reads it. Nothing is read ahead: a chunk is pulled
// from the source only when the client's side asks for one (highWaterMark 0), so a slow reader holds the export
// where it is.
//
// A client that stays connected but reads nothing (a zero TCP window) never goes away and never asks: its export
// would hold its slot for ever, and two such exports lock their user out of exporting. So an export that waits longer
// than EXPORT_STALL_SECONDS for its client to ask for the next chunk is ended — its slot freed, its source cancelled,
// the body failed — with one log line saying so. Time the source itself takes (a slow query) never counts.
import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { formatDuration } from "@/lib/numbers/format";
import { takeSlot, type TransferKind } from "./transfer-slots";

export async function heldStream(
  kind: TransferKind,
  userId: string,
  /** Runs once the slot is held (so a refused export is neither opened nor audited). */
  open: () => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>,
  /** How long the client may leave the next chunk unasked for; EXPORT_STALL_SECONDS unless given. */
  stallMs: number = env().EXPORT_STALL_SECONDS * 1000,
): Promise<ReadableStream<Uint8Array>> {
  const slot = await takeSlot(kind, userId);
  let source: ReadableStream<Uint8Array>;
  try {
    source = await open();
  } catch (error) {
    await slot.release();
    throw error;
  }
  const reader = source.getReader();
  let stall: NodeJS.Timeout | undefined;
  let ended = false;
  const waitForClient = (controller: ReadableStreamDefaultController<Uint8Array>): void => {
    stall = setTimeout(() => {
      ended = true;
      const sentence = `An export made no progress for ${formatDuration(stallMs / 1000)}: its client read nothing. It was ended and its slot freed.`;
      logger().warn({ userId, kind, slot: slot.id }, sentence);
      // An abort, as Next names one (pipe-readable.js, isAbortError): it ends the response without an error logged.
      controller.error(new DOMException(sentence, "AbortError"));
      void slot.release();
      reader.cancel(sentence).catch(() => {});
    }, stallMs);
    stall.unref();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        waitForClient(controller);
      },
      async pull(controller) {
        clearTimeout(stall);
        try {
          const next = await reader.read();
          if (ended) return;
          if (next.done) {
            await slot.release();
            controller.close();
          } else {
            controller.enqueue(next.value);
            waitForClient(controller);
          }
        } catch (error) {
          if (ended) return;
          await slot.release();
          controller.error(error);
        }
      },
      async cancel(reason) {
        clearTimeout(stall);
        await slot.release();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
