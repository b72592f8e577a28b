// The plan per language (issue 39: "the planner and the review show recipients, SMS units and segments per language,
// and the total"): one row for the default text and each variant, from the language pass over the list
// (lib/batches/variant-plan.ts). Shown in the planner card and in the review.
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import type { LanguagePlan } from "@/lib/batches/variant-plan";
import { languageLabel } from "@/lib/languages/known-languages";
import { formatCount } from "@/lib/numbers/format";
import { EncodingNote } from "./encoding-note";

export function LanguagePlanTable({ plans, kind }: { plans: readonly LanguagePlan[]; kind: "SMS" | "VOICE" }) {
  const sms = kind === "SMS";
  const total = plans.reduce(
    (sum, plan) => ({ recipients: sum.recipients + plan.recipients, units: sum.units + plan.units }),
    { recipients: 0, units: 0 },
  );
  return (
    <Table
      aria-label="Per language"
      cards
      data-testid="language-plan"
      columns={[
        "Language",
        numeric("Recipients"),
        sms && numeric("SMS units"),
        sms && numeric("Most segments"),
        sms && "Encoding",
      ]}
    >
      {plans.map((plan) => (
        <Tr key={plan.language ?? ""} data-language={plan.language ?? "default"}>
          <Td data-label="Language">{plan.language === null ? "Default text" : languageLabel(plan.language)}</Td>
          <Td numeric data-label="Recipients">
            {formatCount(plan.recipients)}
          </Td>
          {sms ? (
            <Td numeric data-label="SMS units">
              {formatCount(plan.units)}
            </Td>
          ) : null}
          {sms ? (
            <Td numeric data-label="Most segments">
              {plan.recipients > 0 ? formatCount(plan.maxSegments) : "–"}
            </Td>
          ) : null}
          {sms ? (
            <Td data-label="Encoding">
              <EncodingNote encoding={plan.encoding} ucs2={plan.ucs2} />
            </Td>
          ) : null}
        </Tr>
      ))}
      <Tr className="font-medium" data-language="total">
        <Td data-label="Language">Total</Td>
        <Td numeric data-label="Recipients">
          {formatCount(total.recipients)}
        </Td>
        {sms ? (
          <Td numeric data-label="SMS units">
            {formatCount(total.units)}
          </Td>
        ) : null}
        {sms ? <Td data-label="Most segments" /> : null}
        {sms ? <Td data-label="Encoding" /> : null}
      </Tr>
    </Table>
  );
}
