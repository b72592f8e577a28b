// A two-recipient SMS batch created as the console creates one (createBatch), for tests about a batch's life (when it
// is sent, announced, found by a worker) rather than about its recipients.
import { createBatch } from "@/lib/batches/create-batch";

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
