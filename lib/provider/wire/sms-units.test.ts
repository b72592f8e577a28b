import { SegmentedMessage } from "sms-segments-calculator";
import { describe, expect, it } from "vitest";
import { smsEncoding, smsSegments, ucs2Characters } from "./sms-units";

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

describe("the direct count of GSM-7 basic texts", () => {
  it("agrees with the library for every basic character and every length around the part boundaries", () => {
    const basic =
      "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    for (const character of basic) {
      for (const length of [1, 159, 160, 161, 306, 307, 459, 460]) {
        const text = character.repeat(length);
        expect([smsSegments(text), smsEncoding(text)], `${JSON.stringify(character)} × ${length}`).toEqual([
          new SegmentedMessage(text, "auto").segmentsCount,
          "GSM-7",
        ]);
      }
    }
  });

  it("agrees with the library for UCS-2 texts without emoji around the part boundaries", () => {
    for (const mix of ["ł", "ũ", "“a", "ũ Habari Wanjik", "ł€"]) {
      for (const length of [1, 69, 70, 71, 134, 135, 201, 202, 1600]) {
        const text = mix.repeat(length).slice(0, length);
        expect([smsSegments(text), smsEncoding(text)], `${mix} × ${length}`).toEqual([
          new SegmentedMessage(text, "auto").segmentsCount,
          "UCS-2",
        ]);
      }
    }
  });

  it("leaves extended characters (two septets) and UCS-2 to the library", () => {
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments("€".repeat(81))).toBe(new SegmentedMessage("€".repeat(81), "auto").segmentsCount);
    expect(smsSegments(`${"a".repeat(152)}[`)).toBe(new SegmentedMessage(`${"a".repeat(152)}[`, "auto").segmentsCount);
    expect(smsSegments(`${"ł".repeat(66)}😀`)).toBe(new SegmentedMessage(`${"ł".repeat(66)}😀`, "auto").segmentsCount);
  });
});

describe("ucs2Characters", () => {
  it("names each character GSM-7 cannot carry, once, in order", () => {
    expect(ucs2Characters("Habari Wanjikũ 😀 ũ “hi”")).toEqual(["ũ", "😀", "“", "”"]);
    expect(ucs2Characters("Price: 10€ [promo] ^_^")).toEqual([]);
  });
});
