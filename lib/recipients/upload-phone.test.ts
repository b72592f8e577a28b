// Numbers as spreadsheets hand them over: each form read, and each refusal a sentence that says what is wrong and
// what to do (the wire rules' own sentences are tested in lib/provider/wire/phone.test.ts).
import { describe, expect, it } from "vitest";
import { normalizeUploadedPhone } from "./upload-phone";

describe("normalizeUploadedPhone", () => {
  it.each([
    ["2.54712345678E+11", "254712345678"],
    ["7.12345678e8", "254712345678"],
    ["00254712345678", "254712345678"],
    ["00 254 712 345 678", "254712345678"],
    ["+254 (0) 712 345 678", "254712345678"],
    ["\u200b0712345678\ufeff", "254712345678"],
    [" 0712-345-678 ", "254712345678"],
    ["2540712345678", "254712345678"], // +254 (0) 712… without its brackets
  ])("reads %j as %s", (raw, phone) => {
    expect(normalizeUploadedPhone(raw)).toMatchObject({ ok: true, phone, input: raw });
  });

  it.each([
    ["071234567", "One digit missing: 07… numbers have 10 digits."],
    ["0712 345 6789", "One digit too many: 07… numbers have 10 digits."],
    ["+254 7123456", "Two digits missing: 254… numbers have 12 digits."],
    ["71234567", "One digit missing: 7… numbers have 9 digits."],
    ["0612345678", "Not a Kenyan mobile number: mobile numbers start with 07 or 01, this one with 06."],
    ["254512345678", "Not a mobile number: after 254 comes 7 or 1, here 5."],
    ["Jane", "The letter “J” is not a digit: a number may also have spaces, dashes, brackets and a leading +."],
    ["", "The number is empty."],
    // Letters are never skipped over, where a typo or a note sits: the same sentence as Compose's live check.
    [
      "O712345678",
      "The letter “O” (a zero?) is not a digit: a number may also have spaces, dashes, brackets and a leading +.",
    ],
    ["0712345678x", "The letter “x” is not a digit: a number may also have spaces, dashes, brackets and a leading +."],
    [
      "0712 345 678 ext 5",
      "The letter “e” is not a digit: a number may also have spaces, dashes, brackets and a leading +.",
    ],
    [
      "2.54712E+11",
      "Excel shortened this number to 2.54712E+11 and its last digits are lost. Format the column as Text (or Number with 0 decimals) and export the file again.",
    ],
    [
      "7.123456789E+8",
      "Not a phone number: 7.123456789E+8 has decimals. Format the column as Text and export the file again.",
    ],
  ])("refuses %j: %s", (raw, reason) => {
    expect(normalizeUploadedPhone(raw)).toEqual({ ok: false, input: raw, reason });
  });
});
