// An XLSX cell as the text a recipient list means by it: a formula's cached result (what Excel shows), numbers
// without exponent or grouping (a phone number stored as a number is 254712345678, not 2.54712E+11), rich text
// joined, a hyperlink's text, a date as YYYY-MM-DD, an error as Excel writes it (#N/A).

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? ""
      : value
          .toISOString()
          .slice(0, value.getUTCHours() || value.getUTCMinutes() ? 16 : 10)
          .replace("T", " ");
  if (typeof value === "object") {
    const cell = value as {
      result?: unknown;
      richText?: { text: string }[];
      text?: unknown;
      error?: string;
      formula?: string;
      sharedFormula?: string;
    };
    if ("formula" in cell || "sharedFormula" in cell) return cellText(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text).join("");
    if ("text" in cell) return cellText(cell.text);
    if (typeof cell.error === "string") return cell.error;
  }
  return String(value);
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) return "";
  // Integers up to 2^53 are exact: write every digit. Others keep JavaScript's shortest exact form.
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 53) return BigInt(n).toString();
  return String(n);
}
