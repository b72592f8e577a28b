// POST /api/receipts/[secret] – delivery receipts from the provider (one receipt or an array). The secret in the
// path authenticates the provider, whose callbacks carry no credentials. 200 only once the receipts are durable.
// Not behind proxy.ts (see its matcher): a machine's callback needs no nonce, and the proxy's work and its copy of
// the body cost every one of thousands of callbacks a second; the headers are set here.
import { withApiSecurityHeaders } from "@/lib/http/security-headers";
import { ingestReceipts } from "@/lib/receipts/ingest-receipts";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  try {
    const result = await ingestReceipts(secret, request);
    return withApiSecurityHeaders(Response.json(result.body, { status: result.status }));
  } catch {
    // Not stored: a 5xx tells the provider to try again (its retry policy is not shown, but any sane one retries).
    return withApiSecurityHeaders(
      Response.json({ status: false, message: "Could not store the receipt; please retry." }, { status: 503 }),
    );
  }
}
