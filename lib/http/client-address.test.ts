import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  test("without trusted proxies the connection's address is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    expect(clientAddress("2001:DB8::1", undefined, 0)).toBe("2001:db8::1");
  });

  test("with one trusted proxy the last entry (written by that proxy) is the client; entries the client wrote are ignored", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.1", 1)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1", 1)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.1"], 1)).toBe("198.51.100.1");
  });

  test("with two trusted proxies the second entry from the right is the client", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1, 10.0.0.9", 2)).toBe("198.51.100.1");
  });

  test("a missing or malformed header falls back to the connection's address", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "not-an-address", 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });
});
