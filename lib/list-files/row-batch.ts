/** Rows of an uploaded file as the readers yield them: a batch at a time (the per-row work is a loop, not an await),
 * each row with its number as a spreadsheet shows it (blank rows are skipped, so numbers can jump). Two parallel
 * arrays rather than a pair per row: a million small arrays are garbage the collector would have to chase. */
export type RowBatch = { numbers: number[]; rows: string[][] };
