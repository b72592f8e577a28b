// The OpenAPI document as the reference page reads it: each operation with its parameters, body schema (references
// resolved one level, to the named component), example and responses — plain data for a server component.
import { openApiDocument } from "./document";

type Json = Record<string, unknown>;

export type ReferenceOperation = {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description: string }[];
  body: { contentType: string; schema: unknown; example: unknown }[];
  responses: { status: string; description: string }[];
};

export function referenceOperations(): { operations: ReferenceOperation[]; schemas: Record<string, unknown> } {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components?: Json };
  const schemas = ((document.components?.schemas ?? {}) as Record<string, unknown>) ?? {};
  const resolve = (schema: unknown) => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref ? (schemas[ref.replace("#/components/schemas/", "")] ?? schema) : schema;
  };
  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const parameters = ((operation.parameters ?? []) as Json[]).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        description: String(p.description ?? (p.schema as Json | undefined)?.description ?? ""),
      }));
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      operations.push({
        method: method.toUpperCase(),
        path: `/api/v1${path}`,
        summary: String(operation.summary ?? ""),
        description: String(operation.description ?? ""),
        parameters,
        body: Object.entries(content).map(([contentType, media]) => ({
          contentType,
          schema: resolve(media.schema),
          example: media.example,
        })),
        responses: Object.entries((operation.responses ?? {}) as Record<string, Json>).map(([status, response]) => ({
          status,
          description: String(response.description ?? ""),
        })),
      });
    }
  return { operations, schemas };
}
