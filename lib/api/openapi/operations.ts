// Every /api/v1 operation, described with the schemas its route handler parses (lib/api/schemas/), so the document
// cannot drift from what the routes accept. A new route file joins here (test/api/openapi.test.ts fails until it
// does): its path, method, scope, schemas and, with a body, an example that works against a fresh `npm start`.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { SCOPE_MEANING, type ApiScope } from "@/lib/api-keys/scopes";
import {
  batchIdParams,
  CREATE_BATCH_EXAMPLE,
  createBatchBodySchema,
  exportQuery,
  messagesQuery,
  RESEND_EXAMPLE,
  resendBodySchema,
} from "../schemas/batches";
import { messageParams, SEND_MESSAGE_EXAMPLE, sendMessageSchema } from "../schemas/messages";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { problemSchema, PROBLEM_CONTENT_TYPE } from "../problem";

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});
const object = (id: string, description: string) => z.object({}).loose().meta({ id, description });

const created = object(
  "Created",
  "The new batch: its id, how many recipients it holds, duplicates and opted-out numbers left out.",
);
const batch = object("Batch", "A batch: settings, state, counters (sent, delivered, failed…), inFlight and phase.");

function operation(
  scope: ApiScope,
  summary: string,
  operation: Omit<ZodOpenApiOperationObject, "responses"> & { responses: ZodOpenApiOperationObject["responses"] },
  post = false,
): ZodOpenApiOperationObject {
  return {
    summary,
    description: `Scope: \`${scope}\` (${SCOPE_MEANING[scope]}).`,
    security: [{ bearer: [] }],
    ...operation,
    ...(post
      ? {
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "The same key with the same body returns the first answer for 24 hours.",
              schema: { type: "string", maxLength: 255 },
            },
          ],
        }
      : {}),
    responses: {
      ...operation.responses,
      "400": problem("The request is not valid; `errors` names each failing field."),
      "401": problem("No key, or a key that is revoked, expired or whose user is disabled."),
      "403": problem("The key lacks the scope, or its user's role does not allow this."),
      "429": problem("Too many requests for this key; see Retry-After."),
      ...(post
        ? {
            "409": problem("Conflicting state, or the same Idempotency-Key still being answered."),
            "422": problem("This Idempotency-Key was used with another body."),
          }
        : {}),
    },
  };
}

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const API_PATHS: ZodOpenApiPathsObject = {
  "/messages": {
    post: operation(
      "send",
      "Send one SMS or voice message",
      {
        operationId: "sendMessage",
        requestBody: {
          required: true,
          content: { "application/json": { schema: sendMessageSchema, example: SEND_MESSAGE_EXAMPLE } },
        },
        responses: { "201": json(object("SentMessage", "The batch of one and its message's id."), "Sent (queued).") },
      },
      true,
    ),
  },
  "/messages/{id}": {
    get: operation("read", "Get a message with its receipts", {
      operationId: "getMessage",
      requestParams: { path: messageParams },
      responses: {
        "200": json(object("Message", "A message, the provider's answer, receipts, timeline."), "The message."),
      },
    }),
  },
  "/batches": {
    post: operation(
      "send",
      "Create a batch from numbers or a saved list",
      {
        operationId: "createBatch",
        requestBody: {
          required: true,
          content: { "application/json": { schema: createBatchBodySchema, example: CREATE_BATCH_EXAMPLE } },
        },
        responses: { "201": json(created, "Created.") },
      },
      true,
    ),
  },
  "/batches/{id}": {
    get: operation("read", "Get a batch", {
      operationId: "getBatch",
      requestParams: { path: batchIdParams },
      responses: { "200": json(batch, "The batch."), "404": problem("No such batch.") },
    }),
  },
  "/batches/{id}/messages": {
    get: operation("read", "Page a batch's messages", {
      operationId: "listBatchMessages",
      requestParams: { path: batchIdParams, query: messagesQuery },
      responses: {
        "200": json(
          object("MessagePage", "`rows` and `next` (the cursor for `after`, null on the last page)."),
          "A page.",
        ),
      },
    }),
  },
  "/batches/{id}/export": {
    get: operation("read", "Export a batch's delivery report as CSV", {
      operationId: "exportBatch",
      requestParams: { path: batchIdParams, query: exportQuery },
      responses: {
        "200": { description: "The CSV, streamed.", content: { "text/csv": { schema: { type: "string" } } } },
      },
    }),
  },
  "/batches/{id}/pause": {
    post: operation(
      "send",
      "Pause a batch",
      {
        operationId: "pauseBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Paused", ""), "Paused.") },
      },
      true,
    ),
  },
  "/batches/{id}/resume": {
    post: operation(
      "send",
      "Resume a paused batch",
      {
        operationId: "resumeBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Resumed", ""), "Resumed.") },
      },
      true,
    ),
  },
  "/batches/{id}/cancel": {
    post: operation(
      "send",
      "Cancel a batch",
      {
        operationId: "cancelBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Cancelled", "How many will not be sent."), "Cancelled.") },
      },
      true,
    ),
  },
  "/batches/{id}/resend": {
    post: operation(
      "send",
      "Resend to the recipients a scope names",
      {
        operationId: "resendBatch",
        requestParams: { path: batchIdParams },
        requestBody: {
          required: true,
          content: { "application/json": { schema: resendBodySchema, example: RESEND_EXAMPLE } },
        },
        responses: { "201": json(created, "The new batch.") },
      },
      true,
    ),
  },
  "/lists": {
    post: operation(
      "lists",
      "Upload a recipient list (CSV or XLSX, the raw body)",
      {
        operationId: "uploadList",
        requestParams: { query: uploadListQuery },
        requestBody: {
          required: true,
          content: {
            "text/csv": { schema: { type: "string" }, example: "phone,name\n254712345678,Amina\n0712345679,Baraka\n" },
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
              schema: { type: "string", format: "binary" },
            },
          },
        },
        responses: { "201": json(object("UploadedList", "The stored list and its report."), "Stored.") },
      },
      true,
    ),
  },
  "/openapi.json": {
    get: {
      operationId: "getOpenApi",
      summary: "This document",
      security: [],
      responses: {
        "200": { description: "OpenAPI 3.1.", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
};
