// `npm run db:destroy`: delete this project's embedded database — everything Tuma stored — after typing the project
// folder's name (or with `--yes`, for scripts). Refuses while a server runs on it (`npm start` is running) and when
// the database is a server of DATABASE_URL, which it does not manage. The secrets in the data folder are kept.
import path from "node:path";
import readline from "node:readline";
import { EnvError, parseEnv } from "@/lib/env";
import { destroyEmbedded, embeddedFiles, serverOn } from "@/lib/db/destroy";

async function main(): Promise<number> {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    return refuse("DATABASE_URL is set: db:destroy deletes only the embedded database; nothing was deleted.");
  }
  const dataDir = path.join(path.resolve(env.TUMA_DATA_DIR), "pg");
  const files = embeddedFiles(dataDir);
  if (!files) {
    say(`There is no embedded database in ${dataDir}; nothing to delete.`);
    return 0;
  }
  const pid = serverOn(files);
  if (pid !== null) {
    return refuse(
      `The database in ${dataDir} is in use (PostgreSQL, pid ${pid}): stop \`npm start\` and any \`npm run worker\` first; nothing was deleted.`,
    );
  }

  say(`This deletes the database in ${dataDir}: every batch, message, receipt, list, user and audit entry.`);
  for (const file of files.paths) say(`  ${file}`);
  const project = path.basename(process.cwd());
  if (!process.argv.includes("--yes")) {
    const typed = await ask(`Type the project folder's name (${project}) to delete it: `);
    if (typed === null) {
      return refuse("No name was typed (the input ended): nothing was deleted. To delete without asking: --yes.");
    }
    if (typed.trim() !== project) return refuse("That is not the project folder's name; nothing was deleted.");
  }
  destroyEmbedded(files);
  say(`Deleted the database in ${dataDir}. The next \`npm start\` creates a new, empty one.`);
  return 0;
}

/** One line from standard input, or null when it ends first (no terminal, nothing piped). */
function ask(question: string): Promise<string | null> {
  return new Promise((resolve) => {
    const input = readline.createInterface({ input: process.stdin, output: process.stdout });
    let answer: string | null = null;
    input.once("line", (line) => {
      answer = line;
      input.close();
    });
    input.once("close", () => resolve(answer));
    input.setPrompt(question);
    input.prompt();
  });
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function refuse(sentence: string): number {
  process.stderr.write(`${sentence}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof EnvError
        ? `${error.message}\n`
        : `db:destroy failed: ${error instanceof Error ? error.message : String(error)}; nothing more was deleted.\n`,
    );
    process.exit(1);
  },
);
