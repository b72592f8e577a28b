// POST /api/receipts/[secret] – delivery receipts from the provider (one receipt or an array). The secret in the
// path authenticates the provider, whose callbacks carry no credentials. 200 only once the receipts are durable.
// Not behind proxy.ts (see its matcher): a machine's callback needs no nonce, and the proxy's work and its copy of
// the body cost every one of thousands of callbacks a second; the headers are set here.
// Under `npm start` the web server answers this address itself, without Next's request handling, with the same
// ingestion (lib/receipts/receipt-callback.ts); this handler answers where Next runs without that server.
import { withApiSecurityHeaders } from "@/lib/http/security-headers";
import { ingestReceipts } from "@/lib/receipts/ingest-receipts";
import { readLimitedBody } from "@/lib/receipts/read-limited-body";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  try {
    // No client address: Tuma's web server, which judges it, answers this path itself; a header here would be the
    // client's own word. So no per-address throttle of wrong secrets where Next runs alone (development).
    const result = await ingestReceipts(secret, (limit) => readLimitedBody(request, limit), null);
    return withApiSecurityHeaders(
      Response.json(result.body, {
        status: result.status,
        headers: result.retryAfter !== undefined ? { "retry-after": String(result.retryAfter) } : {},
      }),
    );
  } catch {
    // Not stored: a 5xx tells the provider to try again (its retry policy is not shown, but any sane one retries).
    return withApiSecurityHeaders(
      Response.json({ status: false, message: "Could not store the receipt; please retry." }, { status: 503 }),
    );
  }
}
