// A response body that holds a transfer slot for as long as the client reads it: the slot is released when the body
// ends, fails, or is cancelled — which is what the server does when the client goes away — and the cancel is passed
// on to the source, so an export stops querying as soon as nobody reads it. Nothing is read ahead: a chunk is pulled
// from the source only when the client's side asks for one (highWaterMark 0), so a slow reader holds the export
// where it is.
import "server-only";
import { takeSlot, type TransferKind } from "./transfer-slots";

export async function heldStream(
  kind: TransferKind,
  userId: string,
  /** Runs once the slot is held (so a refused export is neither opened nor audited). */
  open: () => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>,
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
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            await slot.release();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          await slot.release();
          controller.error(error);
        }
      },
      async cancel(reason) {
        await slot.release();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
