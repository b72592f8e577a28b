// What a dispatch lane needs to know about a batch it is sending: loaded once per batch, not per chunk.
import "server-only";
import type { BatchSendSettings } from "@/lib/batches/send-settings";

/** The batch's send settings; the voice language is sent in the account's languageField (docs/voice-language.md). */
export type ActiveBatch = BatchSendSettings & {
  id: string;
  /**
   * Each variant's voice language by its language code (Batch.variants, issue 39): a voice message whose recipient has
   * a language is read in its variant's, each object of the provider's batch form carrying its own; null: none.
   */
  voiceLanguages: Record<string, string> | null;
  /** Where the claim's reads of Message start (lib/dispatch/claim.ts): null until the batch has a message. */
  firstMessageId: string | null;
  /** Calls escalating an SMS batch (docs/escalation.md): their claim also cancels calls whose SMS has arrived. */
  calls: boolean;
  account: {
    id: string;
    baseUrl: string;
    batchSizeLimit: number;
    requestsPerSecond: number;
    receiptSecret: string;
    updatedAt: Date;
    /** The voice request's language field, as an administrator named it now; null: no language is sent. */
    languageField: string | null;
  };
};
