import { describe, expect, it } from "vitest";
import { smsEncoding, smsSegments } from "./sms-units";

describe("smsSegments", () => {
  it("counts GSM-7 texts: 160 characters in one part, 153 per part beyond", () => {
    expect(smsSegments("Hello")).toBe(1);
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsEncoding("Hello")).toBe("GSM-7");
  });

  it("counts UCS-2 texts: 70 characters in one part, 67 per part beyond", () => {
    expect(smsEncoding("Habari 😀")).toBe("UCS-2");
    expect(smsSegments("ü".repeat(70).replace(/ü/g, "ł"))).toBe(1);
    expect(smsSegments("ł".repeat(71))).toBe(2);
  });
});
