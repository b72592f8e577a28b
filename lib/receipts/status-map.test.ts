// The status table: every status the sources name has a state and, when it fails, a class; spelling variants meet;
// an administrator's mapping applies only where the built-in table is silent; a status nobody knows never ends a
// message.
import { describe, expect, test } from "vitest";
import { FAILURE_KINDS, failureKindOf, PERMANENT_FAILURE_CLASSES, TEMPORARY_FAILURE_CLASSES } from "./failure-classes";
import { BUILT_IN_STATUSES, mapDeliveryStatus, mappingOf, statusKey, type StatusMapping } from "./status-map";

describe("the built-in table", () => {
  test.each([
    ["DeliveredToTerminal", "DELIVERED", null],
    ["Answered", "ANSWERED", null],
    ["AbsentSubscriber", "FAILED", "ABSENT"],
    ["SenderName Blacklisted", "FAILED", "BLACKLISTED"],
    ["UserInBlackList", "FAILED", "BLACKLISTED"],
    ["Invalid Source Address", "FAILED", "SENDER_ID"],
    ["Unknown", "FAILED", "NETWORK"],
    ["DeliveryImpossible", "FAILED", "INVALID_NUMBER"],
    ["DeliveryUncertain", "FAILED", "NETWORK"],
    ["InsufficientBalance", "FAILED", "ACCOUNT"],
    ["NotAnswered", "FAILED", "NO_ANSWER"],
    ["Busy", "FAILED", "NO_ANSWER"],
    ["Failed", "FAILED", "NETWORK"],
    ["DeliveredToNetwork", "QUEUED", null],
    ["MessageWaiting", "QUEUED", null],
  ])("%s → %s (%s)", (status, state, failureClass) => {
    const mapping = mapDeliveryStatus(status);
    expect(mapping).toMatchObject({ state, failureClass, source: "built-in", final: state !== "QUEUED" });
  });

  test("spellings differ between platforms: case, spaces, dashes and underscores do not matter", () => {
    for (const variant of ["Delivery Impossible", "DELIVERY_IMPOSSIBLE", "deliveryimpossible", " DeliveryImpossible "])
      expect(mapDeliveryStatus(variant).failureClass).toBe("INVALID_NUMBER");
    expect(mapDeliveryStatus("sendername-blacklisted").failureClass).toBe("BLACKLISTED");
    expect(mapDeliveryStatus("insufficient_balance").failureClass).toBe("ACCOUNT");
    expect(statusKey("SenderName Blacklisted")).toBe(statusKey("SENDERNAME_BLACKLISTED"));
  });

  test("every failing status has a class, every other none; no two entries collide once spellings are folded", () => {
    const keys = new Set<string>();
    for (const status of BUILT_IN_STATUSES) {
      const mapping = mapDeliveryStatus(status);
      expect(mapping.failureClass === null, status).toBe(mapping.state !== "FAILED");
      expect(keys.has(statusKey(status)), status).toBe(false);
      keys.add(statusKey(status));
    }
  });
});

test("a status nobody knows is kept as still on its way, and an administrator's mapping applies only to it", () => {
  expect(mapDeliveryStatus("SomethingNew")).toEqual({
    state: "QUEUED",
    final: false,
    failureClass: null,
    source: "unknown",
  });
  const mapped = new Map<string, StatusMapping>([
    ["SomethingNew", mappingOf("FAILED", "INVALID_NUMBER")],
    ["DeliveredToTerminal", mappingOf("FAILED", "NETWORK")], // cannot override the built-in table
  ]);
  expect(mapDeliveryStatus("SomethingNew", mapped)).toMatchObject({ state: "FAILED", source: "mapped" });
  expect(mapDeliveryStatus("DeliveredToTerminal", mapped)).toMatchObject({ state: "DELIVERED", source: "built-in" });
  expect(mappingOf("QUEUED", null)).toEqual({ state: "QUEUED", final: false, failureClass: null });
  expect(mappingOf("FAILED", null).failureClass).toBe("NETWORK");
});

test("failure kinds: temporary and permanent split the classes, and every kind reads as a sentence", () => {
  expect([...TEMPORARY_FAILURE_CLASSES, ...PERMANENT_FAILURE_CLASSES].sort()).toEqual(
    ["ABSENT", "ACCOUNT", "BLACKLISTED", "INVALID_NUMBER", "NETWORK", "NO_ANSWER", "SENDER_ID"].sort(),
  );
  expect(PERMANENT_FAILURE_CLASSES).toEqual(["BLACKLISTED", "INVALID_NUMBER", "SENDER_ID"]);
  for (const info of Object.values(FAILURE_KINDS)) {
    expect(info.meaning).toMatch(/\.$/);
    expect(info.advice).toMatch(/\.$/);
  }
  expect(failureKindOf("REJECTED", null)).toBe("REFUSED");
  expect(failureKindOf("UNKNOWN", null)).toBe("OUTCOME_UNKNOWN");
  expect(failureKindOf("FAILED", "ABSENT")).toBe("ABSENT");
  expect(failureKindOf("FAILED", null)).toBe("NETWORK");
});
