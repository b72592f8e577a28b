// A batch in several languages, outcome per language (issue 39, lib/reports/by-language.ts): whether the Kiswahili
// text reached its people as well as the default one. Part of the delivery report (batch-report.tsx).
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { languageLabel } from "@/lib/languages/known-languages";
import { formatCount, formatRate } from "@/lib/numbers/format";
import type { LanguageOutcome } from "@/lib/reports/by-language";
import { deliveryRate } from "@/lib/states/states";

export function LanguageOutcomes({ outcomes }: { outcomes: readonly LanguageOutcome[] }) {
  return (
    <section aria-label="By language" className="space-y-3">
      <h2 className="text-lg font-semibold">By language</h2>
      <Table
        cards
        data-testid="language-outcomes"
        columns={[
          "Language",
          numeric("Delivery rate"),
          numeric("Recipients"),
          numeric("Delivered or answered"),
          numeric("Failed"),
          numeric("Other"),
        ]}
      >
        {outcomes.map((o) => (
          <Tr key={o.language ?? ""} data-language={o.language ?? "default"}>
            <Td data-label="Language">{o.language === null ? "Default text" : languageLabel(o.language)}</Td>
            <Td numeric className="font-semibold" data-label="Delivery rate">
              {formatRate(deliveryRate(o.delivered, o.recipients))}
            </Td>
            <Td numeric data-label="Recipients">
              {formatCount(o.recipients)}
            </Td>
            <Td numeric data-label="Delivered or answered">
              {formatCount(o.delivered)}
            </Td>
            <Td numeric data-label="Failed">
              {formatCount(o.failed)}
            </Td>
            <Td numeric data-label="Other">
              {formatCount(o.other)}
            </Td>
          </Tr>
        ))}
      </Table>
    </section>
  );
}
