// What escalation may cost, for the planner (docs/escalation.md): at worst no SMS is delivered in time and every
// recipient sent one is called — opted-out numbers and those the duplicate-send guard leaves out are never sent, so
// never called. A call counts one voice unit, as the planner counts every voice message (plan-figures.ts). Safe in the
// browser.
export type EscalationPlan = { minutes: number; calls: number; voiceUnits: number };

export function worstCaseEscalation(
  plan: { recipients: number; optedOut?: number | undefined },
  minutes: number,
): EscalationPlan {
  const calls = Math.max(0, plan.recipients - (plan.optedOut ?? 0));
  return { minutes, calls, voiceUnits: calls };
}
