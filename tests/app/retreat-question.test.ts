// R6.7 — the question after a round asks only about units that may leave this battle: a land battle
// has no submarines to submerge, a sea battle without aircraft has none to withdraw (issue 19).
import { describe, expect, it } from "vitest";
import { retreatQuestion, retreatQuestionShort } from "../../app/game/[id]/retreat-question";

describe("the question after a round (R6.7)", () => {
  it("a land battle with aircraft asks only about withdrawing them", () => {
    const land = { submergeable: [], withdrawable: [7] };
    expect(retreatQuestion(land)).toBe("Withdraw air units (they land after combat)?");
    expect(retreatQuestionShort(land)).toBe("withdraw air units?");
    expect(retreatQuestion(land)).not.toMatch(/submarine/i);
  });

  it("a sea battle with submarines only asks only about submerging", () => {
    const sea = { submergeable: [3, 4], withdrawable: [] };
    expect(retreatQuestion(sea)).toBe("Submerge submarines (they stay in the zone)?");
    expect(retreatQuestionShort(sea)).toBe("submerge submarines?");
  });

  it("both may leave: both are asked", () => {
    const both = { submergeable: [3], withdrawable: [9] };
    expect(retreatQuestion(both)).toBe("Submerge submarines (they stay in the zone) or withdraw air units (they land after combat)?");
    expect(retreatQuestionShort(both)).toBe("submerge submarines or withdraw air units?");
  });
});
