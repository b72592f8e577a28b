// GET /api/v1/openapi.json – the API's OpenAPI 3.1 document, generated from its schemas (lib/api/openapi/). Public:
// it describes the API and holds no data.
import { openApiDocument } from "@/lib/api/openapi/document";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "no-store" } });
}
