// States in SQL text, rendered from the enums' own values and the sets of states.ts: a typed literal
// ('SENDING'::"BatchState") or a list of them for IN (…), never a name typed into a query. Literals rather than
// parameters where a statement names a fixed state: the statement stays the one the planner saw (a constant it folds,
// a partial index it matches) and its $n need no renumbering. Each value is checked against the Prisma enum's values
// as it is rendered, so nothing but a member of the enum reaches the SQL text; a state the schema drops or renames
// fails the type check at every use. Sets that vary per call go as parameters (`= ANY($n::"MessageState"[])`).
import { BatchState, ChunkState, ListState, MessageState } from "@/lib/generated/prisma/enums";

const ENUMS = { BatchState, MessageState, ChunkState, ListState } as const;
type EnumName = keyof typeof ENUMS;

function literal(type: EnumName, state: string): string {
  if (!(Object.values(ENUMS[type]) as string[]).includes(state)) throw new Error(`“${state}” is not a ${type}.`);
  return `'${state}'::"${type}"`;
}

function list(type: EnumName, states: readonly string[]): string {
  if (states.length === 0) throw new Error(`An empty set of ${type} values cannot be written as IN (…).`);
  return `(${states.map((s) => literal(type, s)).join(", ")})`;
}

/** `'SENDING'::"BatchState"` */
export const batchState = (state: BatchState): string => literal("BatchState", state);
/** `'PENDING'::"MessageState"` */
export const messageState = (state: MessageState): string => literal("MessageState", state);
/** `'SUBMITTING'::"ChunkState"` */
export const chunkState = (state: ChunkState): string => literal("ChunkState", state);
/** `'STORING'::"ListState"` (a recipient list being stored, or READY). */
export const listState = (state: ListState): string => literal("ListState", state);

/** `('A'::"BatchState", 'B'::"BatchState")`, for `state IN …`. */
export const batchStates = (states: readonly BatchState[]): string => list("BatchState", states);
/** `('A'::"MessageState", …)`, for `state IN …`. */
export const messageStates = (states: readonly MessageState[]): string => list("MessageState", states);
/** `('A'::"ChunkState", …)`, for `state IN …`. */
export const chunkStates = (states: readonly ChunkState[]): string => list("ChunkState", states);
