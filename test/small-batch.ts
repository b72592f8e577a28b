// Batches created as the console creates one (createBatch), for tests about a batch's life (when it is sent,
// announced, found by a worker, paused, resent) rather than about how its recipients are read.
import { createBatch, type CreateBatchInput, type CreateBatchOptions } from "@/lib/batches/create-batch";

export function smallBatch(
  owner: { accountId: string; authorId: string },
  name: string,
  options: { scheduledAt?: Date; phones?: [string, string] } = {},
) {
  const [first, second] = options.phones ?? ["254712000001", "254712000002"];
  return createBatch({
    kind: "SMS",
    accountId: owner.accountId,
    authorId: owner.authorId,
    name,
    templateText: "Habari",
    sender: "TUMA",
    recipients: [{ phone: first }, { phone: second }],
    ...(options.scheduledAt ? { scheduledAt: options.scheduledAt } : {}),
  });
}

/** `count` numbers, 2547 and eight digits counting up from `first`: a test's own range keeps its batches apart. */
export function numbersFrom(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `2547${String(first + i).slice(-8)}`);
}

type Recipient = CreateBatchInput["recipients"][number];

/**
 * An SMS batch to `recipients` (numbers, or recipients with their own text or language) scheduled an hour ahead: no
 * worker runs in these tests, so every recipient stays PENDING and nothing is sent. `input` sets what else the test
 * needs (its text, author, …). Returns its id.
 */
export async function heldBatch(
  accountId: string,
  name: string,
  recipients: (string | Recipient)[],
  input: Partial<CreateBatchInput> = {},
  options: CreateBatchOptions = {},
): Promise<string> {
  const { id } = await createBatch(
    {
      kind: "SMS",
      accountId,
      authorId: null,
      name,
      templateText: "x",
      sender: "TUMA",
      scheduledAt: new Date(Date.now() + 3_600_000),
      recipients: recipients.map((r) => (typeof r === "string" ? { phone: r } : r)),
      ...input,
    },
    options,
  );
  return id;
}
