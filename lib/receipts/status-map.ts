// Every provider deliveryStatus → our message state and, for a failure, its failure class (failure-classes.ts), in one
// table. The raw string is always stored too. A status not in this table is kept and shown as it came, treated as
// "still on its way" (it never ends a message), counted on the Receipts page, and can be mapped there by an
// administrator (lib/receipts/map-status.ts): those mappings live in the database (ReceiptStatus) and are consulted
// after this table. Statuses are matched without regard to case, spaces, dashes or underscores, because the same
// status is written "DeliveryImpossible" by one platform and "Delivery Impossible" by another. Safe in the browser.
//
// Where each status comes from (public documentation of this API family and of Kenyan networks' aggregators):
//  [spec]   docs/messaging-api.md §2.5: the two observed values.
//  [parlay] The ParlayX / OneAPI SMS DeliveryInfo enumeration that DeliveredToTerminal belongs to (e.g. AT&T's SMS API
//           DeliveryInfo schema): DeliveredToNetwork, DeliveredToTerminal, DeliveryImpossible, MessageWaiting,
//           DeliveryUncertain.
//  [dlr-ke] A Kenyan platform serving this same voice-sms / send-sms API, its "DLR Statuses" page: AbsentSubscriber
//           (not connected to the network for the last 24 h), Delivery Impossible (inactive, deactivated or ported
//           number; sometimes a policy block), SenderName Blacklisted (the customer blocked the sender ID or opted
//           out of promotional messages), Invalid Source Address (the sender ID does not exist on the telco).
//  [bulkit] bulkitsms.com/apidocs/webhook.html (a Kenyan aggregator's callback): AbsentSubscriber arrives 18–24 h
//           after sending; SenderName Blacklisted is Safaricom numbers that blocked a sender ID or all promotions;
//           Airtel and Telkom answer a blanket "Unknown" for unreachable, inactive or invalid numbers.
//  [at]     docs.africastalking.com/sms/deliveryreports (Africa's Talking): statuses Sent, Submitted, Buffered,
//           Rejected, Success, Failed; failure reasons InsufficientCredit, InvalidLinkId, UserIsInactive,
//           UserInBlackList, UserAccountSuspended, NotNetworkSubscriber, UserDoesNotExist, DeliveryFailure.
//  [belio]  docs.belio.co.ke/messaging/sms/delivery-receipt (a Kenyan platform whose receipts carry a correlator and a
//           deliveryStatus): Waiting, Delivered, DeliveryUncertain, DeliveryImpossible, SenderBlacklisted,
//           InsufficientFunds, InvalidLinkId, SubscriberOptedOut, AbsentSubscriber, InvalidMsisdn, Failed.
//  [sozuri] sozuri.net/docs/statuscodes (a Kenyan platform): insufficient_balance.
//  [smpp]   SMPP receipt states as aggregators document them (e.g. docs.smsportal.com delivery statuses): EXPIRED
//           (usually a phone switched off or out of reach), UNDELIV, REJECTD.
//  [voice]  Voice call outcomes (sandbox/README.md; e.g. docs.jiguang.cn voice statuses: no answer, busy, cannot
//           connect): NotAnswered, Busy, Failed, and Ringing while the call is placed.
import type { MessageState } from "@/lib/generated/prisma/enums";
import type { FailureClass } from "./failure-classes";

export type StatusMapping = {
  state: MessageState;
  /** A final status ends the message (a later final one with a later time may still replace it). */
  final: boolean;
  /** Why it failed, for a FAILED state; null otherwise. */
  failureClass: FailureClass | null;
};

const ok = (state: MessageState): StatusMapping => ({ state, final: true, failureClass: null });
const failed = (failureClass: FailureClass): StatusMapping => ({ state: "FAILED", final: true, failureClass });
const onItsWay: StatusMapping = { state: "QUEUED", final: false, failureClass: null };

/** Keyed by the status as written in the sources above; looked up by statusKey(). */
const BUILT_IN: Record<string, StatusMapping> = {
  // Delivered.
  DeliveredToTerminal: ok("DELIVERED"), // [spec] [parlay] [dlr-ke] [bulkit]
  Answered: ok("ANSWERED"), // [spec]
  Success: ok("DELIVERED"), // [at]
  Delivered: ok("DELIVERED"), // [belio]
  // Accepted by the network, not yet final.
  DeliveredToNetwork: onItsWay, // [parlay]
  MessageWaiting: onItsWay, // [parlay]
  Sent: onItsWay, // [at]
  Submitted: onItsWay, // [at]
  Buffered: onItsWay, // [at]
  Waiting: onItsWay, // [belio]
  Ringing: onItsWay, // [voice]
  // Phone off or out of reach: temporary.
  AbsentSubscriber: failed("ABSENT"), // [dlr-ke] [bulkit] [belio]
  Expired: failed("ABSENT"), // [smpp]
  // Voice calls nobody took: temporary.
  NotAnswered: failed("NO_ANSWER"), // [voice]
  Busy: failed("NO_ANSWER"), // [voice]
  // No reason, or the network's own trouble: temporary.
  DeliveryUncertain: failed("NETWORK"), // [parlay] [belio]
  Unknown: failed("NETWORK"), // [bulkit]
  Failed: failed("NETWORK"), // [at] [belio] [voice]
  DeliveryFailure: failed("NETWORK"), // [at]
  Rejected: failed("NETWORK"), // [at] [smpp]
  Undeliverable: failed("NETWORK"), // [smpp]
  // The account (or, for premium messages, the recipient) lacks credit: temporary, after a top-up.
  InsufficientBalance: failed("ACCOUNT"), // [sozuri]
  InsufficientFunds: failed("ACCOUNT"), // [belio]
  InsufficientCredit: failed("ACCOUNT"), // [at]
  // The recipient blocked the sender or promotions: permanent, and the number becomes a carrier-blacklist opt-out.
  "SenderName Blacklisted": failed("BLACKLISTED"), // [dlr-ke] [bulkit]
  UserInBlackList: failed("BLACKLISTED"), // [at]
  SubscriberOptedOut: failed("BLACKLISTED"), // [belio]
  // The number does not exist or is out of service: permanent.
  DeliveryImpossible: failed("INVALID_NUMBER"), // [parlay] [dlr-ke] [belio]
  InvalidMsisdn: failed("INVALID_NUMBER"), // [belio]
  UserDoesNotExist: failed("INVALID_NUMBER"), // [at]
  UserIsInactive: failed("INVALID_NUMBER"), // [at]
  UserAccountSuspended: failed("INVALID_NUMBER"), // [at]
  NotNetworkSubscriber: failed("INVALID_NUMBER"), // [at]
  // The sender ID (or link ID) is not accepted: permanent for this sender; the sender ID is flagged on its account.
  "Invalid Source Address": failed("SENDER_ID"), // [dlr-ke]
  SenderBlacklisted: failed("SENDER_ID"), // [belio]: the sender itself is blacklisted
  InvalidLinkId: failed("SENDER_ID"), // [at] [belio]
};

/** How statuses are compared: "Delivery Impossible", "deliveryimpossible" and "DELIVERY_IMPOSSIBLE" are one. */
export function statusKey(status: string): string {
  return status.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BY_KEY = new Map(Object.entries(BUILT_IN).map(([status, mapping]) => [statusKey(status), mapping]));

/** The built-in statuses as the sources write them (for the Receipts page and tests). */
export const BUILT_IN_STATUSES: readonly string[] = Object.keys(BUILT_IN);

/** The built-in mapping of a status, or null when this table does not know it. */
export function builtInMapping(status: string): StatusMapping | null {
  return BY_KEY.get(statusKey(status)) ?? null;
}

/** What an unknown status does to a message: nothing final, "still on its way". */
export const UNKNOWN_STATUS: StatusMapping = onItsWay;

export type ResolvedStatus = StatusMapping & { source: "built-in" | "mapped" | "unknown" };

/**
 * A status's mapping: the built-in table first, then an administrator's mapping (`mapped`, from the database),
 * else unknown — still on its way.
 */
export function mapDeliveryStatus(status: string, mapped?: ReadonlyMap<string, StatusMapping>): ResolvedStatus {
  const builtIn = builtInMapping(status);
  if (builtIn) return { ...builtIn, source: "built-in" };
  const admin = mapped?.get(status);
  if (admin) return { ...admin, source: "mapped" };
  return { ...UNKNOWN_STATUS, source: "unknown" };
}

/** The states an administrator may map a status to: a final outcome, or "still on its way". */
export const MAPPABLE_STATES = ["DELIVERED", "ANSWERED", "FAILED", "QUEUED"] as const satisfies readonly MessageState[];
export type MappableState = (typeof MAPPABLE_STATES)[number];

/** The mapping an administrator chose, as the applier uses it. */
export function mappingOf(state: MappableState, failureClass: FailureClass | null): StatusMapping {
  if (state === "QUEUED") return onItsWay;
  if (state === "FAILED") return failed(failureClass ?? "NETWORK");
  return ok(state);
}
