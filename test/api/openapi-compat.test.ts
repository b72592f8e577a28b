// v1 stays compatible (docs/api.md, "Versions"): the served document's shape is compared with the one committed in
// test/api/openapi-v1-shape.json. A removal, a type change, a field no longer (or newly) required, an enum value or a
// response status gone fails — unless docs/api.md's "Version notes" names it (a deliberate change, said to
// integrators). Additions pass, but the committed shape must be brought up to date, so that they are kept from then
// on: `UPDATE_API_SHAPE=1 npx vitest run test/api/openapi-compat.test.ts` writes it (then `npx prettier --write` it).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { breakingChanges, contractShape, type ContractShape } from "@/lib/api/openapi/contract-shape";
import { openApiDocument } from "@/lib/api/openapi/document";
import { PROBLEM_CODES } from "@/lib/api/problem-codes";

const SHAPE = path.join(process.cwd(), "test/api/openapi-v1-shape.json");
const DOC = path.join(process.cwd(), "docs/api.md");

test("the document changes compatibly, or the change is in docs/api.md's version notes", () => {
  const now = contractShape(JSON.parse(JSON.stringify(openApiDocument())) as Record<string, unknown>);
  if (process.env.UPDATE_API_SHAPE === "1") fs.writeFileSync(SHAPE, `${JSON.stringify(now, null, 2)}\n`);
  const before = JSON.parse(fs.readFileSync(SHAPE, "utf8")) as ContractShape;
  const notes = fs.readFileSync(DOC, "utf8").split(/^## Version notes$/m)[1] ?? "";
  const unannounced = breakingChanges(before, now).filter((change) => !notes.includes(change.split(":")[0]!));
  expect(unannounced, "breaking changes not in docs/api.md's Version notes").toEqual([]);
  expect(now, "the committed shape is stale: UPDATE_API_SHAPE=1 to record additions").toEqual(before);
});

test("a removal, a type change and a newly required field are caught; an added field is not", () => {
  const before: ContractShape = {
    operations: { "GET /batches/{id}": ["200", "404"] },
    requests: ["Batch"],
    fields: {
      Batch: { type: "object", required: true },
      "Batch.id": { type: "string", required: true },
      "Batch.count": { type: "integer", required: true },
      "Batch.state": { type: "string", required: true, enum: ["A", "B"] },
    },
  };
  const after: ContractShape = {
    operations: { "GET /batches/{id}": ["200"] },
    requests: ["Batch"],
    fields: {
      Batch: { type: "object", required: true },
      "Batch.count": { type: "string", required: true },
      "Batch.state": { type: "string", required: true, enum: ["A", "C"] },
      "Batch.extra": { type: "string", required: false },
      "Batch.needed": { type: "string", required: true },
      // A new optional array whose items (and their fields) are required: not breaking.
      "Batch.tags": { type: "array", required: false },
      "Batch.tags[]": { type: "object", required: true },
      "Batch.tags[].name": { type: "string", required: true },
    },
  };
  expect(breakingChanges(before, after)).toEqual([
    "GET /batches/{id}: no longer answers 404",
    "Batch.id: removed",
    "Batch.count: type integer → string",
    "Batch.state: value B removed",
    "Batch.needed: new required field",
  ]);
});

test("docs/api.md lists every problem code with its status, and no other", () => {
  const listed = [...fs.readFileSync(DOC, "utf8").matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map(
    ([, code, status]) => `${code} ${status}`,
  );
  expect(listed.sort()).toEqual(
    Object.entries(PROBLEM_CODES)
      .map(([code, [status]]) => `${code} ${status}`)
      .sort(),
  );
});
