// A periodic chore of a dispatch worker: one job in one file, registered by the worker (lib/dispatch/worker.ts) and
// run by run-chores.ts. Whatever the chore decides is its own; the worker only says which chores it runs.
export type ChoreLog = (line: string) => void;

export type Chore = {
  name: string;
  /** The pause after a run before the next one. */
  everyMs: number;
  /** One run. True when work was left over (a backlog): run again without the pause. */
  run: (log: ChoreLog) => Promise<boolean | void>;
};
