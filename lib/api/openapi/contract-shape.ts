// The OpenAPI document reduced to what an integrator's code depends on, for the v1 compatibility check
// (test/api/openapi-compat.test.ts against test/api/openapi-v1-shape.json): every operation with its response
// statuses, and every schema field by its dotted path with its type, enum values and whether it is required.
// Descriptions and examples are left out: they may change freely.
type Json = Record<string, unknown>;

export type ContractShape = {
  operations: Record<string, string[]>;
  /** The schemas sent as request bodies: a new required field there refuses clients that do not send it. */
  requests: string[];
  fields: Record<string, { type: string; required: boolean; enum?: string[] }>;
};

export function contractShape(document: Json): ContractShape {
  const operations: ContractShape["operations"] = {};
  const requests = new Set<string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>))
    for (const [method, operation] of Object.entries(item)) {
      operations[`${method.toUpperCase()} ${path}`] = Object.keys((operation.responses ?? {}) as Json).sort();
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) {
        const ref = (media.schema as Json | undefined)?.$ref;
        if (typeof ref === "string") requests.add(ref.replace("#/components/schemas/", ""));
      }
    }
  const fields: ContractShape["fields"] = {};
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) walk(name, schema, true, fields);
  return { operations, requests: [...requests].sort(), fields };
}

function typeOf(schema: Json): string {
  if (typeof schema.$ref === "string") return `ref:${schema.$ref.replace("#/components/schemas/", "")}`;
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return variants.map(typeOf).sort().join("|");
  const type = Array.isArray(schema.type)
    ? [...(schema.type as string[])].sort().join("|")
    : String(schema.type ?? "any");
  if (type === "array" && schema.items) return `array<${typeOf(schema.items as Json)}>`;
  if ("const" in schema) return `const:${JSON.stringify(schema.const)}`;
  return type;
}

function walk(path: string, schema: Json, required: boolean, out: ContractShape["fields"]): void {
  const entry: ContractShape["fields"][string] = { type: typeOf(schema), required };
  if (Array.isArray(schema.enum)) entry.enum = (schema.enum as unknown[]).map(String).sort();
  out[path] = entry;
  const needed = new Set((schema.required ?? []) as string[]);
  for (const [name, inner] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
    walk(`${path}.${name}`, inner, needed.has(name), out);
  if (schema.items && typeof (schema.items as Json).$ref !== "string")
    walk(`${path}[]`, schema.items as Json, true, out);
  for (const [i, variant] of ((schema.anyOf ?? schema.oneOf ?? []) as Json[]).entries())
    if (typeof variant.$ref !== "string") walk(`${path}|${i}`, variant, true, out);
}

/** What a client built on `before` could trip on in `after`; additions are not breaking. */
export function breakingChanges(before: ContractShape, after: ContractShape): string[] {
  const found: string[] = [];
  for (const [operation, statuses] of Object.entries(before.operations)) {
    const now = after.operations[operation];
    if (!now) found.push(`${operation}: removed`);
    else
      for (const status of statuses) if (!now.includes(status)) found.push(`${operation}: no longer answers ${status}`);
  }
  for (const [path, field] of Object.entries(before.fields)) {
    const now = after.fields[path];
    if (!now) {
      found.push(`${path}: removed`);
      continue;
    }
    if (now.type !== field.type) found.push(`${path}: type ${field.type} → ${now.type}`);
    if (field.required !== now.required)
      found.push(`${path}: ${field.required ? "no longer required" : "now required"}`);
    for (const value of field.enum ?? []) if (!now.enum?.includes(value)) found.push(`${path}: value ${value} removed`);
  }
  // A new required field of an existing request body refuses clients that do not send it (in an answer it is an
  // addition, allowed).
  for (const [path, field] of Object.entries(after.fields)) {
    // An array's items (`x[]`) and a union's branches (`x|0`) belong to `x`: the items of a new optional array are
    // as new as it is.
    const own = /^(.*?)(\[\]|\|\d+)$/.exec(path)?.[1];
    const parent = own ?? path.slice(0, Math.max(path.lastIndexOf("."), 0));
    const root = path.split(/[.[|]/)[0]!;
    if (!before.fields[path] && field.required && parent && before.fields[parent] && before.requests.includes(root))
      found.push(`${path}: new required field`);
  }
  return found;
}
