// `npm run sandbox` – the sandbox provider on its own (default http://127.0.0.1:4010/api/v1). See sandbox/README.md.
import { randomBytes } from "node:crypto";
import { parseSandboxArgs, sandboxUsage } from "./cli-flags";
import { startSandbox } from "./server";

async function main(): Promise<void> {
  let cli;
  try {
    cli = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(sandboxUsage());
    process.exit(2);
  }
  if (cli.help) {
    console.log(sandboxUsage());
    return;
  }
  const fromEnv = process.env.SANDBOX_TOKEN;
  const token = fromEnv && fromEnv.length > 0 ? fromEnv : randomBytes(24).toString("base64url");
  const sandbox = await startSandbox({
    port: cli.port,
    host: cli.host,
    token,
    knobs: cli.knobs,
    ...(cli.clientId ? { clientId: cli.clientId } : {}),
  });
  console.log(`Sandbox provider listening: ${sandbox.url}`);
  console.log(
    `Control API (the same bearer token): ${sandbox.origin}/__sandbox/knobs, /messages, /requests, /receipts, /stats, /reset`,
  );
  // The generated token must be shown to be usable; a token from the environment is the user's own, so not echoed.
  console.log(fromEnv ? "Bearer token: from SANDBOX_TOKEN" : `Bearer token (generated): ${token}`);
  if (Object.keys(cli.knobs).length > 0) console.log(`Knobs: ${JSON.stringify(cli.knobs)}`);

  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
