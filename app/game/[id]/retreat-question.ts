// R6.7 — after a round only submarines (they submerge and stay in the zone) and air units (they
// withdraw and land after combat) may leave a battle; land units and surface ships never retreat. The
// question after a round asks only about what this battle has: a land battle has no submarines.

interface Leavers {
  submergeable: readonly unknown[];
  withdrawable: readonly unknown[];
}

/** The question to the side that decides, as a sentence: "Withdraw air units (they land after combat)?" */
export function retreatQuestion(r: Leavers): string {
  const subs = r.submergeable.length > 0;
  const air = r.withdrawable.length > 0;
  if (subs && air) return "Submerge submarines (they stay in the zone) or withdraw air units (they land after combat)?";
  if (subs) return "Submerge submarines (they stay in the zone)?";
  if (air) return "Withdraw air units (they land after combat)?";
  return "Fight on?";
}

/** The same question in a line about another side's decision: "submerge submarines or withdraw air units?" */
export function retreatQuestionShort(r: Leavers): string {
  const subs = r.submergeable.length > 0;
  const air = r.withdrawable.length > 0;
  if (subs && air) return "submerge submarines or withdraw air units?";
  if (subs) return "submerge submarines?";
  if (air) return "withdraw air units?";
  return "fight on?";
}
