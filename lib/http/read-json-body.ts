// A JSON request body read with a byte limit enforced while it streams: the request is refused (413, with a sentence)
// at the chunk that crosses the limit, before the rest is read or anything is parsed.
import "server-only";
import { AppError } from "@/lib/errors/app-error";

/** `tooLargeMessage`: the limit's own sentence (lib/http/body-limits.ts), when the caller has one. */
export async function readJsonBody(request: Request, limitBytes: number, tooLargeMessage?: string): Promise<unknown> {
  return parseJsonBody(await readBodyBytes(request, limitBytes, tooLargeMessage));
}

/** The body's bytes, read with the same limit (the API hashes them for Idempotency-Key: lib/api/idempotency.ts). */
export async function readBodyBytes(request: Request, limitBytes: number, tooLargeMessage?: string): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      "TOO_LARGE",
      tooLargeMessage ?? `The request is larger than ${(limitBytes / 1024 / 1024).toLocaleString("en")} MB.`,
    );
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge();
  if (!request.body) throw new AppError("INVALID_INPUT", "The request has no body.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limitBytes) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks);
}

export function parseJsonBody(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new AppError("INVALID_INPUT", "The request body is not JSON.");
  }
}
