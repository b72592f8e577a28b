// Standard Webhooks headers for one attempt (https://www.standardwebhooks.com): webhook-id (the event's id, the same
// on every attempt), webhook-timestamp (this attempt, in seconds) and webhook-signature. During a secret rotation's
// overlap the signature header carries one signature per secret, space-separated (`v1,… v1,…`), as the specification
// allows: a receiver still on the old secret and one already on the new both verify.
import { Webhook } from "standardwebhooks";

export type WebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

// One Webhook per secret, kept: building one decodes the secret.
const signers = new Map<string, Webhook>();
const signer = (secret: string): Webhook => {
  let webhook = signers.get(secret);
  if (!webhook) {
    if (signers.size > 1_000) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
};

export function signedHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): WebhookHeaders {
  const signatures = secrets.map((secret) => signer(secret).sign(eventId, at, body));
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
