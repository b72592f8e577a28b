import type { Metadata } from "next";
import Link from "next/link";
import { InlineCode } from "@/components/api-keys/inline-code";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock, prettyJson } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { referenceOperations } from "@/lib/api/openapi/reference";
import { PROBLEM_CODES } from "@/lib/api/problem-codes";
import { canView } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";

export const metadata: Metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

/** The API's reference, rendered on the server from /api/v1/openapi.json's document (no script, no CDN). */
export default async function ApiReferencePage() {
  await requireActor(canView);
  const { operations, schemas } = referenceOperations();
  return (
    <div className="space-y-8">
      <PageHeader
        title="API reference"
        description="Every operation of /api/v1, from its own schemas. Authenticate with a key from the API keys page: Authorization: Bearer tuma_live_…. Errors are RFC 9457 problem details with a stable code, naming each failing field by its path; every POST takes an Idempotency-Key."
      />
      <p className="text-sm">
        The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Keys:{" "}
        <Link href="/api-keys">API keys</Link>.
      </p>
      <Card title="Problem codes" aria-label="Problem codes">
        {/* Each problem's `type` URI points here: /api-reference#problem-<code> (lib/api/problem-codes.ts). */}
        <ul className="space-y-1 text-sm">
          {Object.entries(PROBLEM_CODES).map(([code, [status, meaning]]) => (
            <li key={code} id={`problem-${code}`} className="break-words">
              <span className="font-mono">{code}</span> <span className="text-slate-600">({status})</span> {meaning}
            </li>
          ))}
        </ul>
      </Card>
      {operations.map((operation) => (
        <Card
          key={`${operation.method} ${operation.path}`}
          title={`${operation.method} ${operation.path}`}
          aria-label={`${operation.method} ${operation.path}`}
        >
          <div className="space-y-3 text-sm">
            <p className="font-medium">
              <Badge tone={operation.method === "GET" ? "neutral" : "warning"}>{operation.method}</Badge>{" "}
              {operation.summary}
            </p>
            {operation.description ? (
              <p>
                <InlineCode text={operation.description} />
              </p>
            ) : null}
            {operation.parameters.length ? (
              <ul aria-label={`Parameters of ${operation.method} ${operation.path}`} className="space-y-1">
                {operation.parameters.map((parameter) => (
                  <li key={`${parameter.in}:${parameter.name}`} className="break-words">
                    <span className="font-mono">
                      {parameter.name}
                      {parameter.required ? " *" : ""}
                    </span>{" "}
                    <span className="text-slate-600">({parameter.in})</span>{" "}
                    <InlineCode text={parameter.description ?? ""} />
                  </li>
                ))}
              </ul>
            ) : null}
            {operation.body.map((body) => (
              <div key={body.contentType} className="space-y-2">
                <p>
                  Body: <span className="font-mono">{body.contentType}</span>
                </p>
                {body.example !== undefined ? (
                  <CodeBlock label={`Example of ${operation.method} ${operation.path}`}>
                    {typeof body.example === "string" ? body.example : prettyJson(body.example)}
                  </CodeBlock>
                ) : null}
                <details>
                  <summary className="cursor-pointer">Schema</summary>
                  <CodeBlock>{prettyJson(body.schema)}</CodeBlock>
                </details>
              </div>
            ))}
            <ul className="list-disc pl-5">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <span className="font-mono">{response.status}</span> <InlineCode text={response.description} />
                </li>
              ))}
            </ul>
          </div>
        </Card>
      ))}
      <Card title="Schemas" aria-label="Schemas">
        {Object.entries(schemas).map(([name, schema]) => (
          <details key={name} className="text-sm">
            <summary className="cursor-pointer font-mono">{name}</summary>
            <CodeBlock>{prettyJson(schema)}</CodeBlock>
          </details>
        ))}
      </Card>
    </div>
  );
}
