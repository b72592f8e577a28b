// The subject access file as a stream (lib/number-story/subject-access.ts has its parts): JSON — the header, then each
// part as an array of its rows — or a zip of CSVs, header.csv and one file per part. A part is pulled a page at a time
// only when the reader asks for more, so memory stays one page whatever the number's history.
import "server-only";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { ZipWriter } from "@/lib/xlsx/zip-writer";
import { headerOf, type Part, type SubjectHeader } from "./subject-access";

function streamOf(chunks: AsyncGenerator<string | Buffer>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else
          controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : new Uint8Array(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export function subjectJson(header: SubjectHeader, parts: Part[]): ReadableStream<Uint8Array> {
  return streamOf(
    (async function* () {
      yield `{"header":${JSON.stringify(headerOf(header))}`;
      for (const part of parts) {
        yield `,${JSON.stringify(part.name)}:[`;
        let first = true;
        for await (const rows of part.pages()) {
          const text = rows.map((row) => JSON.stringify(row)).join(",");
          yield first ? text : `,${text}`;
          first = false;
        }
        yield "]";
      }
      yield "}\n";
    })(),
  );
}

export function subjectZip(header: SubjectHeader, parts: Part[]): ReadableStream<Uint8Array> {
  return streamOf(
    (async function* () {
      const zip = new ZipWriter();
      const head = headerOf(header);
      yield zip.file("header.csv", csvHeader(Object.keys(head)) + csvRows([Object.values(head)]));
      for (const part of parts) {
        yield zip.begin(`${part.name}.csv`);
        yield zip.write(csvHeader(part.columns));
        for await (const rows of part.pages())
          yield zip.write(csvRows(rows.map((row) => part.columns.map((column) => row[column] ?? null))));
        yield zip.end();
      }
      yield zip.finish();
    })(),
  );
}
