// GET /api/v1/messages/[id] – one message: what was sent, the provider's answer, its receipts and its timeline.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { messageParams } from "@/lib/api/schemas/messages";
import { canView } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { getMessage } from "@/lib/messages/get-message";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, params: messageParams }, async ({ params }) => {
  const message = await getMessage(params.id);
  if (!message) throw new AppError("NOT_FOUND", "No such message.");
  return json(message);
});
