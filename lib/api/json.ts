// A JSON answer of the API: dates as ISO 8601 (lib/http/serialize.ts), bigints (message ids) as strings.
import { serialize } from "@/lib/http/serialize";

export function json(value: unknown, status = 200): Response {
  const text = JSON.stringify(serialize(value), (_key, inner: unknown) =>
    typeof inner === "bigint" ? inner.toString() : inner,
  );
  return new Response(text, { status, headers: { "content-type": "application/json" } });
}
