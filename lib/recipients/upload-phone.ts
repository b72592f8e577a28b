// A phone number as it comes out of a spreadsheet: the wire rules (normalizePhone, lenient) first, then what
// spreadsheets and people do to numbers — Excel's scientific notation (2.54712345678E+11), the international prefix
// 00254, "+254 (0) 712 …" and other forms libphonenumber-js reads, invisible characters copied from web pages.
// A number Excel has already cut short (2.54712E+11 stands for 254712xxxxxx) cannot be recovered: it is refused with
// a reason that says how to export it whole.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { normalizePhone, type PhoneCheck } from "@/lib/provider/wire/phone";

const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;
const SCIENTIFIC = /^\s*\+?(\d+)(?:[.,](\d+))?[eE]\+?(\d+)\s*$/;

export function normalizeUploadedPhone(raw: string): PhoneCheck {
  const input = raw.replace(INVISIBLE, "");
  const direct = normalizePhone(input, { lenient: true });
  if (input === raw && (direct.ok || input.trim() === "")) return direct;
  if (direct.ok || input.trim() === "")
    return direct.ok ? { ...direct, input: raw } : { ok: false, input: raw, reason: direct.reason };

  const scientific = SCIENTIFIC.exec(input);
  if (scientific) {
    const [, whole = "", fraction = "", exponent = "0"] = scientific;
    const shift = Number(exponent);
    if (fraction.length > shift)
      return {
        ok: false,
        input: raw,
        reason: `Not a phone number: ${input.trim()} has decimals. Format the column as Text and export the file again.`,
      };
    if (fraction.length < shift) {
      return {
        ok: false,
        input: raw,
        reason: `Excel shortened this number to ${input.trim()} and its last digits are lost. Format the column as Text (or Number with 0 decimals) and export the file again.`,
      };
    }
    return relabel(normalizePhone(whole + fraction), raw);
  }

  // The international prefix: 00254 7…
  const digits = input.replace(/[\s\-().]/g, "");
  if (/^00254\d{9}$/.test(digits)) return relabel(normalizePhone(digits.slice(2)), raw);

  // A letter is never read past: libphonenumber-js starts at the first digit and drops what trails ("O712345678",
  // "0712345678 ext 5"), so a typo or a note in the cell would be sent as if it were the number. The wire rules'
  // sentence names the letter ("The letter “O” (a zero?) is not a digit…") — the same one Compose's live check shows.
  if (/\p{L}/u.test(input)) return { ok: false, input: raw, reason: direct.reason };

  // Forms the wire rules do not know: 00254…, +254 (0)712…, and the like. libphonenumber-js reads them; the wire
  // rules still decide (its own validity check would refuse ranges the provider accepts).
  const parsed = parsePhoneNumberFromString(input, "KE");
  if (parsed?.countryCallingCode === "254") {
    const retry = normalizePhone(`254${parsed.nationalNumber}`);
    if (retry.ok) return relabel(retry, raw);
  }
  return { ok: false, input: raw, reason: direct.reason };
}

function relabel(check: PhoneCheck, raw: string): PhoneCheck {
  return { ...check, input: raw };
}
