// A JSON request body read with a byte limit enforced while it streams: the request is refused (413, with a sentence)
// at the chunk that crosses the limit, before the rest is read or anything is parsed.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { formatCount } from "@/lib/numbers/format";

/** `tooLargeMessage`: the limit's own sentence (lib/http/body-limits.ts), when the caller has one. */
export async function readJsonBody(request: Request, limitBytes: number, tooLargeMessage?: string): Promise<unknown> {
  return parseJsonBody(await readBodyBytes(request, limitBytes, tooLargeMessage));
}

/** The body's bytes, read with the same limit (the API hashes them for Idempotency-Key: lib/api/idempotency.ts). */
export async function readBodyBytes(request: Request, limitBytes: number, tooLargeMessage?: string): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      "TOO_LARGE",
      tooLargeMessage ?? `The request is larger than ${formatCount(limitBytes / 1024 / 1024)} MB.`,
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
  const text = bytes.toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_INPUT", "The request body is not JSON.");
  }
  // PostgreSQL text refuses the NUL character (lib/db/storable-text.ts): a value carrying one is refused here with a
  // sentence, not by the database as a failure of ours. JSON carries a NUL only as the escape \u0000.
  if (text.includes("\\u0000")) {
    const path = nulPath(value);
    if (path !== null) {
      const message = `The request contains a NUL character (\\u0000)${path ? ` in ${path}` : ""}, which cannot be stored: remove it.`;
      throw new AppError("INVALID_INPUT", message, path ? { [path]: [message] } : undefined);
    }
  }
  return value;
}

/** Where the first NUL is ("" for the body itself, "a.b.0" within it), or null; iterative, so depth costs no stack. */
function nulPath(value: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) return path.join(".");
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    for (const [key, inner] of Object.entries(current)) {
      if (key.includes("\0")) return path.join(".");
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
}
