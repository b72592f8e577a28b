// Renders one client component to HTML in this process's locale (LC_ALL, set by the caller) and prints it with the
// locale Intl resolved: test/number-locales.test.ts compares what two locales print. A list's upload report shows
// counts in the thousands, so a locale-dependent formatter would print 1,234,567 in one and 1.234.567 in the other.
// Run with tsx.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { ListReport, type ListReportView } from "@/components/lists/list-report";

const report: ListReportView = {
  list: {
    id: "list-1",
    filename: "members.csv",
    name: "members",
    sameFile: null,
    format: "csv",
    columns: ["phone", "name"],
    phoneColumn: "phone",
    rows: 1_234_567,
    valid: 1_200_000,
    invalid: 12_345,
    duplicates: 22_222,
    optedOut: 1_000,
    report: { delimiter: ",", encoding: "utf-8", longRows: 4_321 },
  },
  samples: { invalid: [{ row: 10_001, value: "12", reason: "Too short." }], duplicates: [], "opted-out": [] },
};
const html = renderToString(createElement(ListReport, { report, onPhoneColumn: () => {} }));
process.stdout.write(JSON.stringify({ locale: Intl.NumberFormat().resolvedOptions().locale, html }));
