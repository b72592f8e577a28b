// The commands `npm run test:deploy` (scripts/test-deploy.ts) runs: docker and Compose — `docker compose` where the
// plugin exists, else Debian's `docker-compose` 1.29, which compose.yaml must also satisfy — each a child process whose
// output is kept, and whose failure is an error that quotes it.
import { spawn, spawnSync } from "node:child_process";

export type Run = { stdout: string; stderr: string };

/** Runs `command args`; resolves with its output, rejects with it when the command fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(options.input ?? "");
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const said = `${stdout}\n${stderr}`.trim().split("\n").slice(-30).join("\n");
        reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${said}`));
      }
    });
  });
}

/** The Compose command present here: the v2 plugin, or Debian's docker-compose. */
export function composeCommand(): string[] {
  if (spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0) return ["docker", "compose"];
  if (spawnSync("docker-compose", ["version"], { stdio: "ignore" }).status === 0) return ["docker-compose"];
  throw new Error("Neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose).");
}

/** One Compose project: its name, files and environment, for every command. */
export class Project {
  constructor(
    readonly name: string,
    private readonly files: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly command = composeCommand(),
  ) {}

  compose(args: string[], input?: string): Promise<Run> {
    const [program, ...first] = this.command;
    const fileArgs = this.files.flatMap((file) => ["-f", file]);
    return run(program!, [...first, "-p", this.name, ...fileArgs, ...args], { env: this.env, input });
  }

  /** The id of a service's (first) container; "" when it has none. */
  async containerOf(service: string): Promise<string> {
    return (await this.compose(["ps", "-q", service])).stdout.trim().split("\n")[0] ?? "";
  }

  /** psql in the postgres service, one value per line. */
  async sql(query: string): Promise<string[]> {
    const { stdout } = await this.compose(
      ["exec", "-T", "postgres", "psql", "-U", "tuma", "-d", "tuma", "-At", "-v", "ON_ERROR_STOP=1", "-f", "-"],
      query,
    );
    return stdout.trim() ? stdout.trim().split("\n") : [];
  }
}

/** A container's state and health, as docker inspect reports them. */
export async function containerState(id: string): Promise<{ status: string; health: string }> {
  const { stdout } = await run("docker", [
    "inspect",
    "-f",
    "{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}",
    id,
  ]);
  const [status = "", health = ""] = stdout.trim().split(" ");
  return { status, health };
}

/** Polls `probe` until it returns a value (not undefined); each poll asks the thing itself, a breath apart. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 600_000): Promise<T> {
  const giveUpAt = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > giveUpAt) throw new Error(`Gave up waiting for ${what}.`);
    // Between polls only, so as not to spin on docker and psql: the wait ends when the thing is there.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
