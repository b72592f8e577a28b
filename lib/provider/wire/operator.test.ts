import { describe, expect, it } from "vitest";
import { operatorOf } from "./operator";

describe("operatorOf", () => {
  it.each([
    ["254712345678", "Safaricom"],
    ["254722000000", "Safaricom"],
    ["254799000000", "Safaricom"],
    ["254110000000", "Safaricom"],
    ["254733000000", "Airtel"],
    ["254785000000", "Airtel"],
    ["254100000000", "Airtel"],
    ["254771000000", "Telkom"],
    ["254763000000", "Equitel"],
    ["254747000000", "Faiba"],
    ["254199000000", "Unknown"],
  ])("%s → %s", (phone, operator) => {
    expect(operatorOf(phone)).toBe(operator);
  });
});
