import { formatNumber } from "@/lib/numbers/format";
// What a batch costs where the account has a price per SMS unit: units × price, exact (the price is kept as typed, to
// four decimals, and multiplied in whole ten-thousandths, so 1,803 × 0.80 is 1,442.40, not 1,442.3999…), shown to the
// cent with the currency code.

export type UnitPrice = { perUnit: string; currency: string };

/** "KES 1,442.40 (KES 0.80 a unit)"; null when the price cannot be read. */
export function formatCost(units: number, price: UnitPrice): string | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(price.perUnit.trim());
  if (!match || !Number.isInteger(units) || units < 0) return null;
  const tenThousandths = BigInt(match[1]!) * 10_000n + BigInt((match[2] ?? "").padEnd(4, "0"));
  // Rounded half up to the cent: ten-thousandths → hundredths.
  const cents = (BigInt(units) * tenThousandths + 50n) / 100n;
  const money = (value: bigint) =>
    `${price.currency} ${formatNumber(Number(value) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const unit = Number(tenThousandths) / 10_000;
  const perUnit = `${price.currency} ${formatNumber(unit, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
  return `${money(cents)} (${perUnit} a unit)`;
}
