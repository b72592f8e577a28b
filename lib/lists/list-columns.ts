// The shape of an uploaded list, from its first rows: which row is the header (if any — a title row above it, as
// spreadsheets often have, is skipped), the column names (each becomes a {{placeholder}}), and which column holds
// the phone numbers — the one the operator chose, else one named like a phone column, else the one whose values
// are numbers.
import { AppError } from "@/lib/errors/app-error";
import { normalizeUploadedPhone } from "@/lib/recipients/upload-phone";

export type ListShape = { headerIndex: number | null; columns: string[]; phoneIndex: number };

const PHONE_NAME = /phone|msisdn|mobile|number|simu|namba|tel|cell/i;

export const NO_PHONE_COLUMN =
  "No column holds phone numbers: none is named like phone, mobile, msisdn, number or simu, and no column's values are Kenyan numbers. Add a phone column and upload the file again.";

const filled = (row: string[]) => row.filter((cell) => cell.trim() !== "").length;
/** Cells up to the last one with a value: trailing empty cells (a CSV's trailing commas) are not columns. */
const extent = (row: string[]) => {
  let n = row.length;
  while (n > 0 && row[n - 1]!.trim() === "") n--;
  return n;
};
const isPhone = (cell: string) => normalizeUploadedPhone(cell).ok;

/** `sample` is the first non-empty rows of the file (up to 50). */
export function listShape(sample: string[][], chosenPhoneColumn?: string): ListShape {
  const width = Math.max(0, ...sample.map(extent));
  // A title row: one filled cell above rows that have several.
  let first = 0;
  while (
    first < sample.length - 1 &&
    filled(sample[first]!) === 1 &&
    width > 1 &&
    sample.slice(first + 1).some((row) => filled(row) > 1)
  )
    first++;
  const candidate = sample[first] ?? [];
  const hasHeader =
    candidate.every((cell) => !isPhone(cell)) &&
    candidate.some((cell) => cell.trim() !== "" && !/^[\d\s.+\-()eE]+$/.test(cell));
  const body = sample.slice(hasHeader ? first + 1 : first);
  // The header says how many columns there are: cells past it in longer rows are not a column of the list. Its empty
  // cells at the end are columns only as far as the rows below have values under them.
  const columns = hasHeader
    ? columnNames(candidate, Math.min(candidate.length, Math.max(extent(candidate), ...body.map(extent))))
    : Array.from({ length: width }, (_, i) => `column${i + 1}`);

  if (chosenPhoneColumn !== undefined && chosenPhoneColumn !== "") {
    const index = columns.findIndex((name) => name === chosenPhoneColumn);
    if (index < 0)
      throw new AppError(
        "INVALID_INPUT",
        `There is no column named "${chosenPhoneColumn}". The columns are: ${columns.join(", ")}.`,
      );
    return { headerIndex: hasHeader ? first : null, columns, phoneIndex: index };
  }
  const share = (index: number) =>
    body.length ? body.filter((row) => isPhone(row[index] ?? "")).length / body.length : 0;
  const byName = hasHeader ? columns.findIndex((name) => PHONE_NAME.test(name)) : -1;
  let phoneIndex = byName;
  if (byName < 0 || share(byName) === 0) {
    let best = -1;
    let bestShare = 0;
    for (let i = 0; i < columns.length; i++) {
      const s = share(i);
      if (s > bestShare) [best, bestShare] = [i, s];
    }
    if (best >= 0) phoneIndex = best;
  }
  if (phoneIndex < 0) throw new AppError("INVALID_INPUT", NO_PHONE_COLUMN);
  return { headerIndex: hasHeader ? first : null, columns, phoneIndex };
}

/** Header cells as placeholder names: trimmed, empty ones named by position, repeated ones numbered. */
function columnNames(header: string[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = (header[i] ?? "").replace(/[{}]/g, "").replace(/\s+/g, " ").trim() || `column${i + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base}_${count}`;
  });
}
