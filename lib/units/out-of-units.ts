// The pause reason of batches stopped because the provider said the account is out of units (a 402:
// docs/units-budget.md). It starts with a fixed prefix so that recording a top-up can find exactly these batches and
// resume them (record-purchase.ts), and never one an operator paused.
export const OUT_OF_UNITS_PREFIX = "Out of units:";

export function outOfUnitsReason(providerMessage: string): string {
  return `${OUT_OF_UNITS_PREFIX} the provider refused to queue more messages (402 ${providerMessage.slice(0, 200)}). Nothing was marked failed; record the units bought in Settings to resume.`;
}

export function isOutOfUnits(pauseReason: string | null): boolean {
  return pauseReason?.startsWith(OUT_OF_UNITS_PREFIX) ?? false;
}
