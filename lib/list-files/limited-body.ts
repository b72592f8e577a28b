// An upload's body as it arrives, counted: refused at the byte that crosses the size limit (or at once when the
// declared Content-Length is over it), and refused when it ends short of its declared length — a connection dropped
// half-way must not read as a shorter file. Its SHA-256 is taken as the bytes pass (no second pass, nothing kept), so
// the same file uploaded again can be recognised (same-file.ts).
import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/http/body-limits";

export const INTERRUPTED =
  "The upload was interrupted before the whole file arrived; nothing was stored. Upload the file again.";

export type CountedBody = AsyncIterable<Uint8Array> & {
  readonly bytes: number;
  /** The SHA-256 (hex) of the whole body, once it has been read to its end; null before. */
  readonly sha256: string | null;
};

export function limitedBody(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  declared: number | null,
  limit = MAX_UPLOAD_BYTES,
): CountedBody {
  if (declared !== null && declared > limit) throw new AppError("TOO_LARGE", TOO_MANY_BYTES);
  let bytes = 0;
  const hash = createHash("sha256");
  let sha256: string | null = null;
  async function* read(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    const source = "getReader" in body ? fromReader(body) : body;
    try {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (bytes > limit) throw new AppError("TOO_LARGE", TOO_MANY_BYTES);
        hash.update(chunk);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The client went away (aborted request, reset connection): the body stream errors.
      throw new AppError("INVALID_INPUT", INTERRUPTED);
    }
    if (declared !== null && bytes < declared) throw new AppError("INVALID_INPUT", INTERRUPTED);
    sha256 = hash.digest("hex");
  }
  const iterable = read();
  return {
    [Symbol.asyncIterator]: () => iterable,
    get bytes() {
      return bytes;
    },
    get sha256() {
      return sha256;
    },
  };
}

async function* fromReader(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the transfer when we stop early (a limit crossed, a bad file): the rest is never read.
    await reader.cancel().catch(() => {});
  }
}
