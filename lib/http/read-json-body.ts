// A route's JSON body, read up to its limit (the web server holds every body to the same table, lib/http/body-limits.ts;
// this is the route's own check, for a console run some other way) and parsed: 413 or 400 with a sentence.
import { AppError } from "@/lib/errors/app-error";
import type { BodyLimit } from "./body-limits";

export async function readJsonBody(request: Request, limit: BodyLimit): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit.bytes) throw new AppError("TOO_LARGE", limit.message);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit.bytes) {
        await reader.cancel();
        throw new AppError("TOO_LARGE", limit.message);
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new AppError("INVALID_INPUT", "The request body is not valid JSON.");
  }
}
