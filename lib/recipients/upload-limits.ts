// How much one upload may hold. Both limits are checked while the file arrives, so an oversized file is refused at
// the byte or row that crosses the line, never after the whole of it has been read.

/** Data rows (the header row is not counted). */
export const MAX_UPLOAD_ROWS = 1_000_000;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const TOO_MANY_ROWS = `The file has more than ${MAX_UPLOAD_ROWS.toLocaleString("en")} rows. Split it into smaller files and upload each.`;
export const TOO_MANY_BYTES = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Split it into smaller files, or save it as CSV (smaller than XLSX for the same list).`;
