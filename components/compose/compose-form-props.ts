// What the Compose page gives its form (compose-form.tsx): the choices it offers, what the operator may do, the draft
// kept in this browser and the server action that creates the batch. Apart so the form stays one idea (issue 37).
import type { ActionResult } from "@/lib/auth/action";
import type { PromotionalWindow } from "@/lib/compose/promotional-window";
import type { AccountUnits } from "@/lib/units/budget-view";
import type { Draft } from "./compose-draft";
import type { ListChoice } from "./list-source";
import type { TemplateChoice } from "./message-fields";
import type { ComposeAccount } from "./options-fields";
import type { AccountLanguages } from "./voice-language-field";

export type ComposeFormProps = {
  /** The draft kept in this browser (compose-draft.ts), restored into the fields; null when there is none. */
  draft?: Draft | null;
  /** Where the draft is kept; undefined until the page runs in the browser (nothing is kept before). */
  draftKey?: string | undefined;
  /** "Discard draft": empties the kept draft and the form. */
  onDiscard?: () => void;
  /** Each budgeted account's units (lib/units/units-figures.ts); an account absent here has none recorded. */
  units?: Record<string, AccountUnits>;
  /** An administrator may send a batch over the units budget, with a reason. */
  canOverrideBudget?: boolean;
  /** Each account's voice language field and values, when an administrator named them (Settings → Voice language). */
  languages?: Record<string, AccountLanguages>;
  /** The organisation's window for promotional batches (Settings). */
  promotionalWindow?: PromotionalWindow;
  accounts: ComposeAccount[];
  lists: ListChoice[];
  templates?: TemplateChoice[];
  initialListId?: string | undefined;
  initialTemplateId?: string | undefined;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
};
