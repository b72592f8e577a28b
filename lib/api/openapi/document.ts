// The OpenAPI 3.1 document of /api/v1, generated from the routes' own zod schemas (operations.ts) by zod-openapi.
// Built once per process: it depends on nothing but the code.
import { createDocument } from "zod-openapi";
import { EVENT_SCHEMAS } from "../resources/event";
import { PROBLEM_CODES } from "../problem-codes";
import { API_PATHS } from "./operations";

let built: ReturnType<typeof createDocument> | undefined;

export function openApiDocument(): ReturnType<typeof createDocument> {
  built ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Tuma API",
      version: "1",
      description:
        "Send SMS and voice messages and follow them, on the console's own rules. Authenticate with an API key " +
        "(`Authorization: Bearer tuma_live_…`) made on the API keys page or with `npm run api-key`. Errors are " +
        "RFC 9457 problem details with a stable `code`:\n\n" +
        Object.entries(PROBLEM_CODES)
          .map(([code, [status, meaning]]) => `- \`${code}\` (${status}): ${meaning}`)
          .join("\n") +
        "\n\nWithin v1, fields, operations, event types and codes may be added; none is removed or changes its type " +
        "or meaning. See docs/api.md.",
    },
    servers: [{ url: "/api/v1" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key." } } },
    paths: API_PATHS,
    // Each event a webhook endpoint may receive: the body Tuma POSTs, signed per Standard Webhooks (docs/webhooks.md).
    webhooks: Object.fromEntries(
      Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [
        type,
        {
          post: {
            operationId: `event_${type.replace(".", "_")}`,
            summary: type,
            description: schema.description,
            requestBody: { required: true, content: { "application/json": { schema } } },
            responses: { "200": { description: "Any 2xx: received. Anything else is retried with back-off." } },
          },
        },
      ]),
    ),
  });
  return built;
}
