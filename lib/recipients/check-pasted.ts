// Pasted numbers checked as they are typed, with the same rules the server applies (normalizePhone, lenient;
// splitNumbers' separators): which are valid, which are not and why, which repeat an earlier one — each with the line
// it is on, so the operator can find and fix it before Send. Safe in the browser; the server's prepareRecipients
// refuses and de-duplicates with the same functions, so what this counts is what a batch would store.
import { normalizePhone } from "@/lib/provider/wire/phone";
import { MAX_PASTED_NUMBERS } from "./split-numbers";
import { formatCount } from "@/lib/numbers/format";

export type PastedProblem = { line: number; input: string; reason: string };
export type PastedDuplicate = { line: number; input: string; phone: string; firstLine: number };

export type PastedCheck = {
  /** Numbers typed (what splitNumbers counts). */
  typed: number;
  /** Valid and distinct, in the 254… form, in the order typed. */
  phones: string[];
  /** The line each of `phones` is first on. */
  lines: number[];
  invalidCount: number;
  duplicateCount: number;
  /** The first `listed` of each, to show. */
  invalid: PastedProblem[];
  duplicates: PastedDuplicate[];
};

export const LISTED_PROBLEMS = 20;

/** Over `limit` numbers the paste is refused whole (use a file), so none is checked, only counted: a paste of a
 * million numbers costs a count, not a million checks on the typing path. */
export function checkPasted(text: string, listed = LISTED_PROBLEMS, limit = MAX_PASTED_NUMBERS): PastedCheck {
  const check: PastedCheck = {
    typed: 0,
    phones: [],
    lines: [],
    invalidCount: 0,
    duplicateCount: 0,
    invalid: [],
    duplicates: [],
  };
  const lines = text.split(/\r\n|\r|\n/);
  let typed = 0;
  for (const line of lines) for (const part of line.split(/[,;]/)) if (part.trim() !== "") typed++;
  if (typed > limit) return { ...check, typed };
  const firstLine = new Map<string, number>();
  for (let l = 0; l < lines.length; l++) {
    for (const part of lines[l]!.split(/[,;]/)) {
      const input = part.trim();
      if (input === "") continue;
      check.typed++;
      const line = l + 1;
      const phone = normalizePhone(input, { lenient: true });
      if (!phone.ok) {
        check.invalidCount++;
        if (check.invalid.length < listed) check.invalid.push({ line, input, reason: phone.reason });
        continue;
      }
      const first = firstLine.get(phone.phone);
      if (first !== undefined) {
        check.duplicateCount++;
        if (check.duplicates.length < listed)
          check.duplicates.push({ line, input, phone: phone.phone, firstLine: first });
        continue;
      }
      firstLine.set(phone.phone, line);
      check.phones.push(phone.phone);
      check.lines.push(line);
    }
  }
  return check;
}

/** "Line 3, “0712 345 67”: one digit missing: 07… numbers have 10 digits." */
export function describeProblem(problem: PastedProblem): string {
  const reason = problem.reason.charAt(0).toLowerCase() + problem.reason.slice(1);
  return `Line ${formatCount(problem.line)}, “${clip(problem.input)}”: ${reason}`;
}

/** "Line 7, “+254 712 345 678”: the same number as line 2." */
export function describeDuplicate(duplicate: PastedDuplicate): string {
  const where =
    duplicate.firstLine === duplicate.line ? "earlier on the same line" : `line ${formatCount(duplicate.firstLine)}`;
  return `Line ${formatCount(duplicate.line)}, “${clip(duplicate.input)}”: the same number as ${where} (${duplicate.phone}).`;
}

function clip(input: string): string {
  return input.length > 30 ? `${input.slice(0, 29)}…` : input;
}
