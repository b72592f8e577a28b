// An endpoint's signing secret: `whsec_` + 24 random bytes in base64, the form Standard Webhooks libraries accept.
// Sealed at rest like provider tokens (lib/crypto/secret-box.ts), bound to the endpoint's id so that a ciphertext
// copied onto another endpoint's row does not open there.
import "server-only";
import { randomBytes } from "node:crypto";
import { secretBox } from "@/lib/crypto/encryption-key";

const context = (endpointId: string): string => `webhook-endpoint:${endpointId}`;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function sealWebhookSecret(secret: string, endpointId: string): string {
  return secretBox().seal(secret, context(endpointId));
}

export function openWebhookSecret(ciphertext: string, endpointId: string): string {
  return secretBox().open(ciphertext, context(endpointId)).plaintext;
}
