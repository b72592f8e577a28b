import { describe, expect, it } from "vitest";
import { formatCost } from "./cost";

describe("formatCost", () => {
  it("multiplies exactly and shows the cent with the currency", () => {
    expect(formatCost(1_803, { perUnit: "0.8000", currency: "KES" })).toBe("KES 1,442.40 (KES 0.80 a unit)");
    expect(formatCost(3, { perUnit: "0.1", currency: "KES" })).toBe("KES 0.30 (KES 0.10 a unit)");
    expect(formatCost(1_000_000, { perUnit: "0.0035", currency: "USD" })).toBe("USD 3,500.00 (USD 0.0035 a unit)");
    expect(formatCost(0, { perUnit: "1", currency: "KES" })).toBe("KES 0.00 (KES 1.00 a unit)");
  });

  it("rounds half up to the cent", () => {
    expect(formatCost(1, { perUnit: "0.0050", currency: "KES" })).toBe("KES 0.01 (KES 0.005 a unit)");
    expect(formatCost(1, { perUnit: "0.0049", currency: "KES" })).toBe("KES 0.00 (KES 0.0049 a unit)");
  });

  it("says nothing for a price it cannot read", () => {
    expect(formatCost(10, { perUnit: "abc", currency: "KES" })).toBeNull();
    expect(formatCost(10, { perUnit: "-1", currency: "KES" })).toBeNull();
  });
});
