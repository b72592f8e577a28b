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
    ["07123456a8", "The number may contain digits only."],
    ["+254712345678", "The number may contain digits only."],
    ["25471234567", "The number has 11 digits; expected 12 (254…), 10 (07…/01…) or 9 (7…/1…)."],
    ["255712345678", "A 12-digit number must start with the country code 254."],
    ["254212345678", "After 254 a mobile number continues with 7 or 1."],
    ["0212345678", "A 10-digit number must start with 07 or 01."],
    ["812345678", "A 9-digit number must start with 7 or 1."],
    ["07123", "The number has 5 digits; expected 12 (254…), 10 (07…/01…) or 9 (7…/1…)."],
  ])("refuses %j with its reason", (input, reason) => {
    expect(normalizePhone(input)).toEqual({ ok: false, input, reason });
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
        { input: "123", reason: "The number has 3 digits; expected 12 (254…), 10 (07…/01…) or 9 (7…/1…)." },
        { input: "", reason: "The number is empty." },
      ],
    });
  });
});
