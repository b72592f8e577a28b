import { describe, expect, it } from "vitest";
import { parseSandboxArgs, sandboxUsage } from "./cli-flags";

describe("sandbox CLI flags", () => {
  it("defaults to port 4010 on loopback with no knob changes", () => {
    expect(parseSandboxArgs([])).toEqual({ port: 4010, host: "127.0.0.1", knobs: {}, help: false });
  });

  it("maps kebab-case flags onto knobs with their types", () => {
    const cli = parseSandboxArgs([
      "--port=0",
      "--rate-limit",
      "0",
      "--latency-ms",
      "20-80",
      "--receipt-delay-ms=100",
      "--no-receipts",
      "--receipts-before-response",
      "--sms-failure-statuses",
      "DeliveryImpossible,Expired",
      "--invalid-entries",
      "per_entry",
      "--error-503-rate",
      "0.1",
      "--sms-status-mix",
      "DeliveredToTerminal:80, SenderName Blacklisted:20",
      "--status-by-phone",
      "254712345678:Invalid Source Address",
    ]);
    expect(cli.port).toBe(0);
    expect(cli.knobs).toEqual({
      rateLimit: 0,
      latencyMs: [20, 80],
      receiptDelayMs: [100, 100],
      receipts: false,
      receiptsBeforeResponse: true,
      smsFailureStatuses: ["DeliveryImpossible", "Expired"],
      invalidEntries: "per_entry",
      error503Rate: 0.1,
      smsStatusMix: { DeliveredToTerminal: 80, "SenderName Blacklisted": 20 },
      statusByPhone: { "254712345678": "Invalid Source Address" },
    });
  });

  it("takes every knob at once as --knobs JSON, single flags winning over it", () => {
    const cli = parseSandboxArgs([
      "--knobs",
      '{"receipts":false,"latencyMs":[5,30],"rateLimit":60}',
      "--rate-limit",
      "90",
    ]);
    expect(cli.knobs).toEqual({ receipts: false, latencyMs: [5, 30], rateLimit: 90 });
    expect(() => parseSandboxArgs(["--knobs", "[1]"])).toThrow(/JSON object/);
    expect(() => parseSandboxArgs(["--knobs", "{nope"])).toThrow(/JSON object/);
    expect(() => parseSandboxArgs(["--knobs", '{"dropRate":3}'])).toThrow(/drop-rate/);
  });

  it("refuses unknown flags and invalid values", () => {
    expect(() => parseSandboxArgs(["--bogus"])).toThrow(/Unknown flag/);
    expect(() => parseSandboxArgs(["--drop-rate", "3"])).toThrow(/drop-rate/);
    expect(() => parseSandboxArgs(["--port", "x"])).toThrow(/port/);
    expect(sandboxUsage()).toContain("--receipt-failure-rate");
  });
});
