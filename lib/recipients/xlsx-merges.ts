// The merged ranges of every worksheet of an XLSX file, by sheet name. exceljs's streaming reader skips them, and a
// worksheet lists them after its rows, so they are read first in a pass of their own: the zip's directory, the
// workbook's sheet names, then each sheet's XML inflated and scanned for <mergeCell ref="A2:A9"/> (inflating is
// cheap next to parsing the XML).
import unzipper from "unzipper";

export type MergedRange = { top: number; left: number; bottom: number; right: number };

const MERGE = /<mergeCell\s+ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g;
const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** Merged ranges by sheet name. */
export async function readMergedRanges(file: string): Promise<Map<string, MergedRange[]>> {
  const directory = await unzipper.Open.file(file);
  const names = await sheetNames(directory.files);
  const bySheet = new Map<string, MergedRange[]>();
  for (const entry of directory.files) {
    const number = SHEET_PATH.exec(entry.path)?.[1];
    if (!number) continue;
    const sheet = names.get(`worksheets/sheet${number}.xml`) ?? `Sheet${number}`;
    const ranges: MergedRange[] = [];
    let tail = "";
    for await (const chunk of entry.stream() as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString("utf8");
      for (const match of text.matchAll(MERGE)) {
        ranges.push({
          left: columnNumber(match[1]!),
          top: Number(match[2]),
          right: columnNumber(match[3]!),
          bottom: Number(match[4]),
        });
      }
      // Keep the end of this piece: a tag may be cut in two. Matches inside it are not counted twice because the
      // tail starts after the last complete match.
      const lastEnd = lastMatchEnd(text);
      tail = text.slice(Math.max(lastEnd, text.length - 64));
    }
    if (ranges.length) bySheet.set(sheet, ranges);
  }
  return bySheet;
}

type ZipFile = { path: string; buffer: () => Promise<Buffer> };

/** Sheet file (worksheets/sheetN.xml) → the name on its tab, from xl/workbook.xml and its relationships. */
async function sheetNames(files: ZipFile[]): Promise<Map<string, string>> {
  const read = async (path: string) => (await files.find((f) => f.path === path)?.buffer())?.toString("utf8") ?? "";
  const [workbook, rels] = await Promise.all([read("xl/workbook.xml"), read("xl/_rels/workbook.xml.rels")]);
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target) targets.set(id, target.replace(/^\/?xl\//, ""));
  }
  const names = new Map<string, string>();
  for (const [tag] of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const target = targets.get(attribute(tag, "r:id") ?? "");
    const name = attribute(tag, "name");
    if (target && name) names.set(target, name);
  }
  return names;
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value
    ?.replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function lastMatchEnd(text: string): number {
  let end = 0;
  for (const match of text.matchAll(MERGE)) end = match.index + match[0].length;
  return end;
}

/** "A" → 1, "Z" → 26, "AA" → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}
