import { describe, expect, it } from "vitest";
import { checkPhoneList, joinPhones, normalizePhone, splitPhones } from "./phone";

describe("normalizePhone (spec 2.3)", () => {
  it.each([
    ["254712345678", "254712345678", "country_code"],
    ["254110345678", "254110345678", "country_code"],
    ["0712345678", "254712345678", "local"],
    ["0110345678", "254110345678", "local"],
    ["712345678", "254712345678", "short_local"],
    ["110345678", "254110345678", "short_local"],
  ])("accepts %s as %s (%s form)", (input, phone, form) => {
    expect(normalizePhone(input)).toEqual({ ok: true, input, phone, form });
  });

  it.each([
    ["", "The number is empty."],
    ["07123456a8", "The letter “a” is not a digit: digits only."],
    ["07123456O8", "The letter “O” (a zero?) is not a digit: digits only."],
    ["+254712345678", "“+” is not a digit: digits only."],
    ["0712 345678", "A space is not a digit: digits only."],
    ["25471234567", "One digit missing: 254… numbers have 12 digits."],
    ["2547123456789", "One digit too many: 254… numbers have 12 digits."],
    ["2540712345678", "Remove the 0 after 254: 254 07… is written 254 7…."],
    ["255712345678", "Not a Kenyan mobile number: numbers start with 254, 07, 01, 7 or 1, this one with 255."],
    ["254212345678", "Not a mobile number: after 254 comes 7 or 1, here 2."],
    ["0212345678", "Not a Kenyan mobile number: mobile numbers start with 07 or 01, this one with 02."],
    ["071234567", "One digit missing: 07… numbers have 10 digits."],
    ["01123456789", "One digit too many: 01… numbers have 10 digits."],
    ["71234567", "One digit missing: 7… numbers have 9 digits."],
    ["7123456789", "One digit too many: 7… numbers have 9 digits."],
    ["812345678", "Not a Kenyan mobile number: numbers start with 254, 07, 01, 7 or 1, this one with 812."],
    ["07123", "Too short: 5 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…)."],
    ["0", "Too short: 1 digit, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…)."],
    ["0712345678912", "Too long: 13 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…)."],
    ["07123456", "Two digits missing: 07… numbers have 10 digits."],
  ])("refuses %j with its reason", (input, reason) => {
    expect(normalizePhone(input)).toEqual({ ok: false, input, reason });
  });

  it("says what else a typed number may contain when lenient", () => {
    expect(normalizePhone("0712 345 67x", { lenient: true })).toMatchObject({
      ok: false,
      reason: "The letter “x” is not a digit: a number may also have spaces, dashes, brackets and a leading +.",
    });
  });

  it("strips typing decoration only when lenient", () => {
    expect(normalizePhone("+254 712-345 678", { lenient: true })).toMatchObject({ ok: true, phone: "254712345678" });
    expect(normalizePhone("(0712) 345.678", { lenient: true })).toMatchObject({ ok: true, phone: "254712345678" });
    expect(normalizePhone("+254 712-345 678").ok).toBe(false);
  });
});

describe("comma-separated phone field", () => {
  it("splits, trims and joins", () => {
    expect(splitPhones("0712345678, 254733000111")).toEqual(["0712345678", "254733000111"]);
    expect(joinPhones(["254712345678", "254733000111"])).toBe("254712345678,254733000111");
  });

  it("reports valid numbers normalised and each invalid one with its reason", () => {
    expect(checkPhoneList("0712345678,123,733000111,")).toEqual({
      valid: ["254712345678", "254733000111"],
      invalid: [
        {
          input: "123",
          reason: "Too short: 3 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…).",
        },
        { input: "", reason: "The number is empty." },
      ],
    });
  });
});

describe("the plain-number fast path (normalizePhone)", () => {
  // Digit strings around every form's boundaries, and random ones: each checked as given (a valid one takes the fast
  // path) and with spaces around it (always the full path, which trims them away): both must say the same.
  const candidates: string[] = [];
  let seed = 18;
  // A 32-bit linear congruential generator (Math.imul keeps it exact), its high bits for the digit.
  const digit = () => String(((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 16) % 10);
  for (const prefix of ["", "254", "2540", "2547", "2541", "2542", "0", "07", "01", "02", "7", "1", "8", "25"])
    for (let length = prefix.length; length <= 14; length++)
      for (let i = 0; i < 30; i++) {
        let candidate = prefix;
        while (candidate.length < length) candidate += digit();
        candidates.push(candidate);
      }

  it(`agrees with the full check on ${candidates.length.toLocaleString("en")} numbers, valid and not`, () => {
    const disagreements = candidates.flatMap((candidate) => {
      const { input: _fast, ...fast } = normalizePhone(candidate);
      const { input: _full, ...full } = normalizePhone(` ${candidate} `);
      return JSON.stringify(fast) === JSON.stringify(full) ? [] : [{ candidate, fast, full }];
    });
    expect(disagreements).toEqual([]);
    // Both outcomes were exercised, in every form.
    const forms = new Set(
      candidates.map((candidate) => normalizePhone(candidate)).map((check) => (check.ok ? check.form : "invalid")),
    );
    expect([...forms].sort()).toEqual(["country_code", "invalid", "local", "short_local"]);
  });
});
