import { describe, expect, it } from "vitest";
import { prepareRecipients } from "@/lib/batches/prepare-recipients";
import { checkPasted, describeDuplicate, describeProblem } from "./check-pasted";
import { splitNumbers } from "./split-numbers";

describe("checkPasted", () => {
  const text = "0712345678, 0733 000 111\r\n071234567\n\n+254 712-345-678;712345678\nabc, 0112345678";

  it("counts what splitNumbers splits, and keeps the valid numbers once, in the order typed", () => {
    const check = checkPasted(text);
    expect(check.typed).toBe(splitNumbers(text).length);
    expect(check.typed).toBe(7);
    expect(check.phones).toEqual(["254712345678", "254733000111", "254112345678"]);
    expect(check.lines).toEqual([1, 1, 5]);
    expect(check.invalidCount).toBe(2);
    expect(check.duplicateCount).toBe(2);
  });

  it("names each bad number with its line, in plain words", () => {
    const { invalid, duplicates } = checkPasted(text);
    expect(invalid.map(describeProblem)).toEqual([
      "Line 2, “071234567”: one digit missing: 07… numbers have 10 digits.",
      "Line 5, “abc”: the letter “a” is not a digit: a number may also have spaces, dashes, brackets and a leading +.",
    ]);
    expect(duplicates.map(describeDuplicate)).toEqual([
      "Line 4, “+254 712-345-678”: the same number as line 1 (254712345678).",
      "Line 4, “712345678”: the same number as line 1 (254712345678).",
    ]);
  });

  it("lists the first few of each and counts them all", () => {
    const many = Array.from({ length: 30 }, () => "12").join("\n");
    const check = checkPasted(many, 5);
    expect(check.invalidCount).toBe(30);
    expect(check.invalid).toHaveLength(5);
    expect(check.invalid.at(-1)?.line).toBe(5);
  });

  it("agrees with the server: the valid numbers it keeps are what prepareRecipients stores", () => {
    const valid = "0712345678\n+254 712 345 678\n0733000111;733000111\n0110000000";
    expect(checkPasted(valid).phones).toEqual(
      prepareRecipients(splitNumbers(valid).map((phone) => ({ phone }))).phones,
    );
  });

  it("over the limit, numbers are counted but none is checked: the paste is refused whole, so checking is waste", () => {
    const check = checkPasted("0712345678\n0733000111\n0712345678\nabc\n12", 20, 4);
    expect(check.typed).toBe(5);
    expect(check.phones).toEqual([]);
    expect(check.invalidCount + check.duplicateCount).toBe(0);
    expect(checkPasted("0712345678\n0733000111\n0712345678\nabc\n12", 20, 5).invalidCount).toBe(2);
  });
});
