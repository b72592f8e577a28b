// The host:port pairs webhooks may reach at private addresses: the administrators' (Organisation.webhookAllowedHosts,
// the Webhooks page) and WEBHOOK_ALLOW_HOSTS (tests and local development).
import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { parseAllowedHosts } from "./address-policy";

export async function allowedHosts(): Promise<string[]> {
  const { rows } = await pool().query<{ hosts: string[] }>(
    `SELECT "webhookAllowedHosts" AS hosts FROM "Organisation" WHERE id = 1`,
  );
  return [...parseAllowedHosts(env().WEBHOOK_ALLOW_HOSTS), ...(rows[0]?.hosts ?? []).map((h) => h.toLowerCase())];
}
