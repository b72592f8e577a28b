// XML's forbidden characters dropped from text and from its UTF-8 bytes alike; every other character kept, those whose
// bytes look most like a forbidden one's included (U+FFFD and U+FEFF share the EF lead byte with U+FFFE and U+FFFF).
import { expect, test } from "vitest";
import { withoutXmlForbidden, withoutXmlForbiddenBytes } from "./xml-forbidden";

const CASES: [string, string][] = [
  ["plain", "plain"],
  ["\u0000a\u0008b\u000bc\u000cd\u000ee\u001ff", "abcdef"],
  ["tab\there\nline\r\n", "tab\there\nline\r\n"],
  ["\ufffe\uffffx\ufffd\ufeff\uffef", "x\ufffd\ufeff\uffef"],
  ["Wanjirũ ✓ 😀 测试\u0007", "Wanjirũ ✓ 😀 测试"],
  ["\u0001", ""],
  ["", ""],
];

test("text and its bytes lose the same characters, and nothing else", () => {
  for (const [text, kept] of CASES) {
    expect(withoutXmlForbidden(text)).toBe(kept);
    expect(withoutXmlForbiddenBytes(Buffer.from(text)).toString()).toBe(kept);
  }
});

test("the bytes are compacted in the buffer given, which is returned as it is when nothing is dropped", () => {
  for (const text of ["<c>ok</c>", "tab\t\r\n", "\ufffd\ufeff 😀"]) {
    const clean = Buffer.from(text);
    expect(withoutXmlForbiddenBytes(clean)).toBe(clean);
  }
  const dirty = Buffer.from("a\u0001b");
  const cleaned = withoutXmlForbiddenBytes(dirty);
  expect(cleaned.toString()).toBe("ab");
  expect(cleaned.buffer).toBe(dirty.buffer);
});
