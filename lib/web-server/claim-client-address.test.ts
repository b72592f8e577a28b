// The client-address header over real sockets, to a real Node server doing what programs/web-server.ts does before
// Next (claimClientAddress) and answering with what the application would read (trustedClientAddress): a client
// cannot set the header, anywhere; outside Tuma's own server it is not believed at all; and X-Forwarded-For without
// TRUSTED_PROXIES is warned about once.
import { expect, test, vi } from "vitest";
import { logger } from "@/lib/log";
import { claimClientAddress, UNTRUSTED_FORWARDED_FOR } from "./claim-client-address";
import {
  CLIENT_ADDRESS_HEADER,
  NO_PROXY,
  proxyTrust,
  trustedClientAddress,
  type ProxyTrust,
} from "@/lib/client-address/client-address";
import { serverForFile } from "@/test/loopback-server";

/** A server that claims the address with `trust` and answers what the application reads, and the raw headers. */
async function serverWith(trust: ProxyTrust): Promise<string> {
  const server = await serverForFile((request, response) => {
    claimClientAddress(request, trust);
    const raw = request.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    response.end(
      JSON.stringify({
        read: trustedClientAddress(request.headers),
        rawCopies: raw.filter((name) => name === CLIENT_ADDRESS_HEADER).length,
      }),
    );
  });
  return server.url;
}

const direct = await serverWith(NO_PROXY);
const proxied = await serverWith(proxyTrust({ TRUSTED_PROXIES: "127.0.0.1" }));

const ask = async (base: string, headers: Record<string, string>) =>
  (await (await fetch(base, { headers })).json()) as { read: string; rawCopies: number };

test("outside Tuma's own server (no seal in the process), a client's own header is not believed", () => {
  // This runs before any request reached a server of this file: as in Next started without programs/web-server.ts.
  expect(trustedClientAddress({ [CLIENT_ADDRESS_HEADER]: "203.0.113.250" })).toBe("unknown");
  expect(trustedClientAddress({})).toBe("unknown");
});

test("a client-sent header is removed, raw copies too; the application reads the address the server decided", async () => {
  const forged = { [CLIENT_ADDRESS_HEADER]: "203.0.113.250", "X-Tuma-Client-Address": "203.0.113.251" };
  expect(await ask(direct, forged)).toEqual({ read: "127.0.0.1", rawCopies: 0 });
  // Behind a trusted proxy, X-Forwarded-For names the client; the forged header still counts for nothing.
  expect(await ask(proxied, { ...forged, "x-forwarded-for": "198.51.100.7" })).toEqual({
    read: "198.51.100.7",
    rawCopies: 0,
  });
  // The seal now exists in this process, and only values carrying it are believed: not a guess, not a bare address.
  expect(trustedClientAddress({ [CLIENT_ADDRESS_HEADER]: "203.0.113.250" })).toBe("unknown");
  expect(trustedClientAddress({ [CLIENT_ADDRESS_HEADER]: "AAAAAAAAAAAAAAAAAAAAAAAA 203.0.113.250" })).toBe("unknown");
});

test("X-Forwarded-For without TRUSTED_PROXIES is warned about once, naming the setting; behind a trusted proxy, never", async () => {
  const warn = vi.spyOn(logger(), "warn");
  await ask(proxied, { "x-forwarded-for": "198.51.100.7" });
  expect(warn).not.toHaveBeenCalled();
  await ask(direct, {});
  expect(warn).not.toHaveBeenCalled();
  for (let i = 0; i < 3; i++) expect((await ask(direct, { "x-forwarded-for": "198.51.100.7" })).read).toBe("127.0.0.1");
  expect(warn.mock.calls).toEqual([[UNTRUSTED_FORWARDED_FOR]]);
  expect(UNTRUSTED_FORWARDED_FOR).toContain("TRUSTED_PROXIES");
  warn.mockRestore();
});
