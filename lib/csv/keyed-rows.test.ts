// COPY's keyed rows become CRLF rows without their key, counted, the last key kept; line breaks inside quoted values
// (and a quote escaped by doubling it) are left alone.
import { expect, test } from "vitest";
import { keyedRows } from "./keyed-rows";

const rows = (text: string) => {
  const page = keyedRows(Buffer.from(text));
  return { text: page.bytes.toString(), rows: page.rows, lastKey: page.lastKey };
};

test("each row's key comes off, its LF becomes CRLF, and the last key is kept", () => {
  expect(rows("7,a,b\n10,c,d\n")).toEqual({ text: "a,b\r\nc,d\r\n", rows: 2, lastKey: "10" });
  expect(rows("")).toEqual({ text: "", rows: 0, lastKey: null });
});

test("a line break inside quotes stays, with quotes doubled inside and quoted values either side", () => {
  expect(rows('1,"x\ny",1\n2,"say ""hi""\n",2\n3,z,"\n"\n')).toEqual({
    text: '"x\ny",1\r\n"say ""hi""\n",2\r\nz,"\n"\r\n',
    rows: 3,
    lastKey: "3",
  });
  expect(rows('99,"a\r\nb",",\n"\n').text).toBe('"a\r\nb",",\n"\r\n');
});

test("a row without its key, or an unfinished last row, is refused rather than passed on", () => {
  expect(() => keyedRows(Buffer.from("abc\n"))).toThrow("without its key");
  expect(() => keyedRows(Buffer.from("1,a\n2,b"))).toThrow("unfinished row");
});
