import { describe, expect, it } from "vitest";
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import { LOOKALIKES, lookalikeName, lookalikesIn, replaceLookalikes } from "./lookalikes";

describe("GSM look-alikes", () => {
  const text = "Clinic hours 8\u20135 \u2014 don\u2019t miss \u201cyour\u201d visit\u00a0\u2026";

  it("finds each once, in order", () => {
    expect(lookalikesIn(text)).toEqual(["\u2013", "\u2014", "\u2019", "\u201c", "\u201d", "\u00a0", "\u2026"]);
    expect(lookalikesIn("plain")).toEqual([]);
  });

  it("replaces them with the GSM-7 characters they stand for, and the text is GSM-7 again", () => {
    const replaced = replaceLookalikes(text);
    expect(replaced).toBe('Clinic hours 8-5 - don\'t miss "your" visit ...');
    expect(smsEncoding(replaced)).toBe("GSM-7");
    expect(ucs2Characters(replaced)).toEqual([]);
  });

  it("every replacement is GSM-7, and every look-alike is not (else replacing it would buy nothing)", () => {
    for (const [from, to] of Object.entries(LOOKALIKES)) {
      expect(ucs2Characters(from)).toEqual([from]);
      expect(ucs2Characters(to)).toEqual([]);
    }
  });

  it("saves segments: a 100-character text with one en dash goes from 2 to 1", () => {
    const long = `${"a".repeat(50)}\u2013${"b".repeat(49)}`;
    expect(smsSegments(long)).toBe(2);
    expect(smsSegments(replaceLookalikes(long))).toBe(1);
  });

  it("leaves what is not a look-alike (an emoji, a letter with an accent GSM-7 lacks)", () => {
    expect(replaceLookalikes("Habari 😀 ç")).toBe("Habari 😀 ç");
  });

  it("names the invisible ones", () => {
    expect(lookalikeName("\u00a0")).toBe("non-breaking space");
    expect(lookalikeName("\u2013")).toBe("“\u2013”");
  });
});
