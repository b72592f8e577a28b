// The OpenAPI 3.1 document of /api/v1, generated from the routes' own zod schemas (operations.ts) by zod-openapi.
// Built once per process: it depends on nothing but the code.
import { createDocument } from "zod-openapi";
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
        "RFC 9457 problem details. See docs/api.md.",
    },
    servers: [{ url: "/api/v1" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key." } } },
    paths: API_PATHS,
  });
  return built;
}
