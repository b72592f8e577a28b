// The body guard on a bare Node server (what programs/web-server.ts puts in front of Next), with an application that
// reads the body as a route handler would, and one that answers without reading it. Bodies of 1 GiB, generated as
// they are written: the guard is shown by how little of them the server accepted.
import { beforeEach, describe, expect, it } from "vitest";
import { REFUSAL_SLACK, streamBody, type StreamRequest } from "@/test/stream-body";
import type { BodyLimit } from "@/lib/http/body-limits";
import { guardBody } from "./limit-request-body";
import { serverForFile } from "@/test/loopback-server";

const LIMIT: BodyLimit = { bytes: 256 * 1024, message: "Too big for this test." };
const GiB = 1024 ** 3;
/** Socket buffers on both sides and the lingering close (test/stream-body.ts). */
const SLACK = REFUSAL_SLACK;

/** What the application saw of each request: bytes read, and how its read ended. */
let seen: { bytes: number; ended: "end" | "error" | "pending" }[];

const { url: baseUrl } = await serverForFile((request, response) => {
  const guard = guardBody(request, response, LIMIT);
  if (!guard.proceed) return;
  const record = { bytes: 0, ended: "pending" as "end" | "error" | "pending" };
  seen.push(record);
  if (request.url === "/early") {
    // Answers without reading, as a route refusing a stranger does.
    response.end("go away");
    return;
  }
  void (async () => {
    try {
      for await (const chunk of request) record.bytes += (chunk as Buffer).length;
      record.ended = "end";
      response.end(`read ${record.bytes}`);
    } catch {
      record.ended = "error";
    }
  })();
});
beforeEach(() => {
  seen = [];
});

const send = (request: Partial<StreamRequest> & Pick<StreamRequest, "framing">) =>
  streamBody({ baseUrl, path: "/read", bytes: GiB, ...request });

describe("guardBody", () => {
  it("refuses a declared length over the limit before the application sees the request", async () => {
    const exchange = await send({ framing: "content-length" });
    expect(exchange.status).toBe(413);
    expect(JSON.parse(exchange.body)).toEqual({ ok: false, message: "Too big for this test." });
    expect(exchange.headers["connection"]).toBe("close");
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.written).toBeLessThan(SLACK);
    expect(seen).toEqual([]);
  });

  it("answers an /api/v1 path's refusal as the API's problem details, with its code", async () => {
    for (const framing of ["content-length", "chunked"] as const) {
      const exchange = await send({ framing, path: "/api/v1/batches" });
      expect(exchange.status).toBe(413);
      expect(exchange.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(exchange.body)).toEqual({
        type: "/api-reference#problem-body_too_large",
        code: "body_too_large",
        title: "Content Too Large",
        status: 413,
        detail: "Too big for this test.",
      });
    }
  });

  it("cuts a chunked body at the limit: the application reads no more than the limit, then its read fails", async () => {
    const exchange = await send({ framing: "chunked" });
    expect(exchange.status).toBe(413);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.written).toBeLessThan(LIMIT.bytes + SLACK);
    await expect.poll(() => seen[0]?.ended).toBe("error");
    expect(seen[0]!.bytes).toBeLessThanOrEqual(LIMIT.bytes);
  });

  it("closes the connection at the limit when the application answered without reading", async () => {
    const exchange = await send({ framing: "chunked", path: "/early" });
    expect(exchange.status).toBe(200);
    expect(exchange.body).toBe("go away");
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.written).toBeLessThan(LIMIT.bytes + SLACK);
  });

  it("lets a body up to the limit through whole, either way, on a connection kept open", async () => {
    for (const framing of ["chunked", "content-length"] as const) {
      seen = [];
      const exchange = await send({ framing, bytes: LIMIT.bytes });
      expect(exchange.status).toBe(200);
      expect(exchange.body).toBe(`read ${LIMIT.bytes}`);
      expect(exchange.closedByServer).toBe(false);
      expect(seen).toEqual([{ bytes: LIMIT.bytes, ended: "end" }]);
    }
  });
});
