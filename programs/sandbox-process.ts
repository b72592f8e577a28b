// The sandbox provider as `npm start` runs it: a thread of its supervisor (lib/bootstrap/thread-child.ts), on
// loopback (or SANDBOX_HOST), with the port and token `npm start` chose (SANDBOX_PORT, SANDBOX_TOKEN). `npm run sandbox` (sandbox/cli.ts)
// is the same server run by hand, with knobs.
import { superviseSelf } from "@/lib/bootstrap/supervised";
import { startSandbox } from "@/sandbox/server";

const token = process.env.SANDBOX_TOKEN;
if (!token) {
  console.error("The sandbox could not start: SANDBOX_TOKEN is not set (`npm start` sets it).");
  process.exit(1);
}
const sandbox = await startSandbox({
  port: Number(process.env.SANDBOX_PORT ?? 4010),
  host: process.env.SANDBOX_HOST || "127.0.0.1",
  token,
});
superviseSelf(() => sandbox.close()).ready();
