// The sandbox provider as a test sees it: in this process (cheap, the default), or as its own OS process
// (`sandbox/cli.ts`, driven through its control API) where timing is what the test measures. In-process, the
// sandbox shares an event loop with the test runner and its database client, so arrivals are stamped when that
// loop gets round to them — tens of milliseconds late under load, which a rate-limit test then reads as requests
// bunched up by the sender. Knobs are given at start, so a reset returns to them as it does in-process.
import { spawn } from "node:child_process";
import { startSandbox } from "@/sandbox/server";
import type { KnobsPatch } from "@/sandbox/knobs";
import type { AcceptedMessage, RequestRecord } from "@/sandbox/state";

export type SandboxLink = {
  /** Base address of the API (…/api/v1). */
  url: string;
  accepted: () => Promise<AcceptedMessage[]>;
  requests: () => Promise<RequestRecord[]>;
  setKnobs: (patch: KnobsPatch) => Promise<void>;
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

export async function inProcessSandbox(token: string, knobs: KnobsPatch): Promise<SandboxLink> {
  const sandbox = await startSandbox({ port: 0, token, knobs });
  const { state } = sandbox;
  return {
    url: sandbox.url,
    accepted: async () => state.messages.read(0, Number.POSITIVE_INFINITY).entries,
    requests: async () => state.requests.read(0, Number.POSITIVE_INFINITY).entries,
    setKnobs: async (patch) => void state.setKnobs(patch),
    reset: async () => state.reset(),
    close: () => sandbox.close(),
  };
}

export async function sandboxProcess(token: string, knobs: KnobsPatch): Promise<SandboxLink> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "sandbox/cli.ts", "--port", "0", "--knobs", JSON.stringify(knobs)],
    {
      env: { ...process.env, SANDBOX_TOKEN: token, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening: (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
  });
  child.removeAllListeners("exit");
  const control = `${new URL(url).origin}/__sandbox`;
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const headers = { Authorization: `Bearer ${token}` };
    const response = await fetch(
      `${control}/${path}`,
      body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) },
    );
    if (!response.ok) throw new Error(`sandbox control ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    url,
    accepted: async () => (await call<{ messages: AcceptedMessage[] }>("messages")).messages,
    requests: async () => (await call<{ requests: RequestRecord[] }>("requests")).requests,
    setKnobs: async (patch) => void (await call("knobs", patch)),
    reset: async () => void (await call("reset", {})),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
