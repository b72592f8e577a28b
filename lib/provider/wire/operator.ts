/**
 * Mobile network operator of a Kenyan number, from its prefix (the spec's `operator` result field).
 * Allocations follow the Communications Authority of Kenya numbering plan; the table lists the
 * 3-digit prefixes after 254, and longer prefixes where a block of ten is split between operators.
 */

export type Operator = "Safaricom" | "Airtel" | "Telkom" | "Equitel" | "Faiba" | "Unknown";

const PREFIXES: ReadonlyArray<readonly [prefix: string, operator: Operator]> = [
  ...range("70", "Safaricom"),
  ...range("71", "Safaricom"),
  ...range("72", "Safaricom"),
  ...range("79", "Safaricom"),
  ...["740", "741", "742", "743", "745", "746", "748", "757", "758", "759", "768", "769"].map(
    (p) => [p, "Safaricom"] as const,
  ),
  ...["110", "111", "112", "113", "114", "115"].map((p) => [p, "Safaricom"] as const),
  ...range("73", "Airtel"),
  ...range("78", "Airtel"),
  ...["750", "751", "752", "753", "754", "755", "756", "762"].map((p) => [p, "Airtel"] as const),
  ...["100", "101", "102", "103", "104", "105", "106"].map((p) => [p, "Airtel"] as const),
  ...range("77", "Telkom"),
  ...["763", "764", "765", "766"].map((p) => [p, "Equitel"] as const),
  ["747", "Faiba"],
];

function range(twoDigits: string, operator: Operator): Array<readonly [string, Operator]> {
  return Array.from({ length: 10 }, (_, i) => [`${twoDigits}${i}`, operator] as const);
}

const BY_PREFIX: ReadonlyMap<string, Operator> = new Map(PREFIXES);

/** `phone` must be normalised (254 + 9 digits). */
export function operatorOf(phone: string): Operator {
  return BY_PREFIX.get(phone.slice(3, 6)) ?? "Unknown";
}
