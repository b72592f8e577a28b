// Rows end CRLF; line breaks inside quoted values (and a quote escaped by doubling it) are left alone.
import { expect, test } from "vitest";
import { crlfRows } from "./crlf-rows";

const crlf = (text: string) => crlfRows(Buffer.from(text)).toString();

test("each row's LF becomes CRLF", () => {
  expect(crlf("a,b\nc,d\n")).toBe("a,b\r\nc,d\r\n");
  expect(crlf("")).toBe("");
});

test("a line break inside quotes stays, with quotes doubled inside and quoted values either side", () => {
  expect(crlf('"x\ny",1\n"say ""hi""\n",2\nz,"\n"\n')).toBe('"x\ny",1\r\n"say ""hi""\n",2\r\nz,"\n"\r\n');
  expect(crlf('"a\r\nb"\n')).toBe('"a\r\nb"\r\n');
});

test("an unfinished last row is passed on as it is", () => {
  expect(crlf("a\nb")).toBe("a\r\nb");
});
