/**
 * Phone numbers as the provider accepts them (spec 2.3): a Kenyan number in one of three forms,
 *  - country code form: 12 characters, "254" + 9 digits;
 *  - local form: 10 characters starting "07" or "01";
 *  - short local form: 9 characters starting "7" or "1".
 * Tuma stores and shows every number in the 254 form, so a number is validated and normalised in one step
 * and every rejected number carries a human-readable reason (shown in upload reports and provider errors).
 */

export const COUNTRY_CODE = "254";

export type PhoneForm = "country_code" | "local" | "short_local";

export type PhoneCheck =
  { ok: true; input: string; phone: string; form: PhoneForm } | { ok: false; input: string; reason: string };

export interface NormalizeOptions {
  /**
   * Strict (default) applies the wire rules exactly, as the provider would.
   * Lenient first removes what people type around numbers in uploads: spaces, dashes, dots,
   * parentheses and a leading "+" (so "+254 712-345 678" is accepted).
   */
  lenient?: boolean;
}

const DIGITS = /^\d+$/;
const DECORATION = /[\s\-().]/g;

export function normalizePhone(input: string, options: NormalizeOptions = {}): PhoneCheck {
  let value = input.trim();
  if (options.lenient) {
    value = value.replace(DECORATION, "");
    if (value.startsWith("+")) value = value.slice(1);
  }
  if (value === "") return { ok: false, input, reason: "The number is empty." };
  if (!DIGITS.test(value)) {
    return { ok: false, input, reason: "The number may contain digits only." };
  }
  switch (value.length) {
    case 12:
      if (!value.startsWith(COUNTRY_CODE)) {
        return { ok: false, input, reason: `A 12-digit number must start with the country code ${COUNTRY_CODE}.` };
      }
      return subscriber(input, value.slice(3), "country_code");
    case 10:
      if (!value.startsWith("07") && !value.startsWith("01")) {
        return { ok: false, input, reason: "A 10-digit number must start with 07 or 01." };
      }
      return subscriber(input, value.slice(1), "local");
    case 9:
      if (!value.startsWith("7") && !value.startsWith("1")) {
        return { ok: false, input, reason: "A 9-digit number must start with 7 or 1." };
      }
      return subscriber(input, value, "short_local");
    default:
      return {
        ok: false,
        input,
        reason: `The number has ${value.length} digits; expected 12 (254…), 10 (07…/01…) or 9 (7…/1…).`,
      };
  }
}

/** The 9 digits after the country code must be a mobile number (7… or 1…), the same rule the local forms state. */
function subscriber(input: string, nine: string, form: PhoneForm): PhoneCheck {
  if (!nine.startsWith("7") && !nine.startsWith("1")) {
    return { ok: false, input, reason: `After ${COUNTRY_CODE} a mobile number continues with 7 or 1.` };
  }
  return { ok: true, input, phone: COUNTRY_CODE + nine, form };
}

/** Splits the spec's comma-separated `phone` field. Whitespace around each number is tolerated. */
export function splitPhones(field: string): string[] {
  return field.split(",").map((part) => part.trim());
}

/** Joins numbers into the comma-separated form of a single request. */
export function joinPhones(phones: readonly string[]): string {
  return phones.join(",");
}

export interface PhoneListCheck {
  valid: string[];
  invalid: Array<{ input: string; reason: string }>;
}

/** Checks every number of a comma-separated field; valid ones come back in the 254 form. */
export function checkPhoneList(field: string, options: NormalizeOptions = {}): PhoneListCheck {
  const result: PhoneListCheck = { valid: [], invalid: [] };
  for (const part of splitPhones(field)) {
    const check = normalizePhone(part, options);
    if (check.ok) result.valid.push(check.phone);
    else result.invalid.push({ input: check.input, reason: check.reason });
  }
  return result;
}
