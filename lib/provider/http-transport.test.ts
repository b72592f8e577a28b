// The transport's own guards, against real servers on loopback: the address rule (lib/provider/base-url.ts) refuses
// a request before any connection, also when a name resolves to a forbidden address; an answer over 1 MB is not read;
// the rate limiter's turn is taken with the connection made, right before the write.
import dns from "node:dns";
import net, { type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { FORBIDDEN_ADDRESS, HTTPS_ONLY } from "./base-url";
import { ProviderError, type ProviderFailure } from "./failure";
import { createAgents, guardedLookup, MAX_RESPONSE_BYTES, postJson } from "./http-transport";
import { serverForFile } from "@/test/loopback-server";

const agents = createAgents(4);
/** The transport's options for these tests: time limits no answer here comes near, and the file's agents. */
const OPTIONS = { timeoutMs: 10_000, connectTimeoutMs: 5_000, agents };
let requests = 0;

const { server, url: origin } = await serverForFile((req, res) => {
  requests++;
  req.resume();
  const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size") ?? "2");
  res.writeHead(200, { "Content-Type": "application/json" });
  // Streamed in pieces, as a hostile or broken provider would: never more than 64 KiB at once in memory here.
  let sent = 0;
  const piece = Buffer.alloc(64 * 1024, " ");
  const pump = (): void => {
    while (sent < size) {
      const part = piece.subarray(0, Math.min(piece.length, size - sent));
      sent += part.length;
      if (!res.write(part)) return void res.once("drain", pump);
    }
    res.end();
  };
  pump();
});
afterAll(() => agents.http.destroy());

async function failureOf(url: string): Promise<ProviderFailure> {
  const error = await postJson(new URL(url), {}, "{}", OPTIONS).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error.failure;
}

describe("postJson", () => {
  it("reads an answer up to 1 MB, and refuses a larger one as unreadable (the request was written: outcome unknown)", async () => {
    const fits = await postJson(new URL(`${origin}/send?size=${MAX_RESPONSE_BYTES}`), {}, "{}", OPTIONS);
    expect(fits.body.length).toBe(MAX_RESPONSE_BYTES);
    expect(await failureOf(`${origin}/send?size=${64 * MAX_RESPONSE_BYTES}`)).toEqual({
      kind: "outcome_unknown",
      reason: "invalid_response",
      message: "The provider's answer was larger than 1 MB; it was not read.",
    });
  });

  it("refuses plain http to anything but loopback, and metadata addresses, before connecting", async () => {
    const before = requests;
    expect(await failureOf("http://203.0.113.9/api/v1/send-sms")).toEqual({
      kind: "invalid_request",
      message: HTTPS_ONLY,
    });
    for (const url of ["https://169.254.169.254/api/v1/send-sms", "http://169.254.169.254/latest/meta-data"])
      expect(await failureOf(url)).toEqual({ kind: "invalid_request", message: FORBIDDEN_ADDRESS });
    expect(requests).toBe(before);
  });

  it("takes the turn once connected, then writes: a new connection's set-up never delays a write past its turn", async () => {
    const fresh = createAgents(1);
    const events: string[] = [];
    const onConnection = () => events.push("connected");
    server.on("connection", onConnection);
    const countBefore = requests;
    try {
      const response = await postJson(new URL(`${origin}/send?size=2`), {}, "{}", {
        ...OPTIONS,
        agents: fresh,
        beforeWrite: async () => {
          events.push(`turn (requests answered so far: ${requests - countBefore})`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      });
      expect(response.status).toBe(200);
      // The server saw the connection before the turn, and the request only after it.
      expect(events).toEqual(["connected", "turn (requests answered so far: 0)"]);
      expect(requests - countBefore).toBe(1);
    } finally {
      server.off("connection", onConnection);
      fresh.http.destroy();
    }
  });

  it("a connection refused takes no turn, and is not sent (safe to retry)", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    let turns = 0;
    const error = await postJson(new URL(`http://127.0.0.1:${port}/send`), {}, "{}", {
      ...OPTIONS,
      beforeWrite: async () => {
        turns++;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).failure).toMatchObject({ kind: "not_sent", reason: "connection_failed" });
    expect(turns).toBe(0);
  });

  it("plain http to a name that resolves to loopback is allowed (localhost, the sandbox)", async () => {
    const url = new URL(`${origin.replace("127.0.0.1", "localhost")}/send?size=2`);
    const response = await postJson(url, {}, "{}", OPTIONS);
    expect(response.status).toBe(200);
  });
});

describe("guardedLookup", () => {
  // A resolver that answers what a hostile DNS record would: the name is fine, the address it leads to is not.
  const resolvingTo =
    (address: string, family: number) =>
    (_host: string, options: dns.LookupOptions, callback: (e: null, a: unknown, f?: number) => void) =>
      options.all ? callback(null, [{ address, family }]) : callback(null, address, family);

  const outcome = (protocol: string, address: string, family: number, all: boolean) =>
    new Promise<string>((resolve) => {
      const lookup = guardedLookup(protocol, resolvingTo(address, family) as never);
      lookup("provider.example", { all } as dns.LookupAllOptions, (error: Error | null) =>
        resolve(error ? error.message : "ok"),
      );
    });

  it("refuses a name that resolves to a metadata or link-local address, in either lookup form", async () => {
    for (const all of [false, true]) {
      expect(await outcome("https:", "169.254.169.254", 4, all)).toBe(
        `provider.example resolves to 169.254.169.254. ${FORBIDDEN_ADDRESS}`,
      );
      expect(await outcome("https:", "fe80::1", 6, all)).toMatch(/resolves to fe80::1\. That address is a link-local/);
      expect(await outcome("https:", "203.0.113.9", 4, all)).toBe("ok");
      // Plain http: loopback only, whatever the name.
      expect(await outcome("http:", "203.0.113.9", 4, all)).toBe(
        `provider.example resolves to 203.0.113.9. ${HTTPS_ONLY}`,
      );
      expect(await outcome("http:", "127.0.0.1", 4, all)).toBe("ok");
      expect(await outcome("http:", "::1", 6, all)).toBe("ok");
    }
  });
});
