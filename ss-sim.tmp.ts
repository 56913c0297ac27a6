import { getRuleset } from "./server/rulesets";
import { otherChoice } from "./tests/support/casualty-choice";
import { stepOf } from "./server/rulesets/1942/engine/combat/decisions";
const r = getRuleset("1942")! as any;
const NATIONS = ["Germany","Russia","Japan","United Kingdom","United States"];
const start = r.setup("standard", { lowLuck: true, sides: NATIONS }, "x").state;
const germany = [{ id: "g1", units: { infantry: 3, armour: 2, fighter: 1 }, from: "Ukraine S.S.R.", path: ["Caucasus"] }];
console.log(JSON.stringify(r.validate(start, "Germany", germany)));
const stats: Record<string, number> = {};
const inc = (k: string) => (stats[k] = (stats[k] ?? 0) + 1);
for (let i = 0; i < 300; i++) {
  let state = start;
  const batches: any = { Germany: germany };
  for (const n of NATIONS.slice(1)) batches[n] = r.robot(state, n, `rb-${i}-${n}`);
  let out = r.resolve(state, batches, null, `seed-${i}-0`, "orders");
  state = out.state;
  let picked = false, landed = false, phasesN = 0;
  for (let g = 0; g < 30 && r.phaseOf(state) !== 0; g++) {
    phasesN++; if (i === -1) console.log(state.stage, state.stage === "post-combat" ? JSON.stringify(state.choices) : state.requests.map((q: any) => q.battle + ":" + q.chooser + ":" + q.kind).join(","));
    const info = r.phases(state)[r.phaseOf(state)];
    const b: any = {};
    if (state.stage === "battles") {
      const mine = state.requests.filter((q: any) => q.chooser === "Germany");
      const choices = [];
      for (const q of mine) {
        if (!picked && q.battle === "Caucasus" && q.kind === "casualties") {
          const arm = q.candidates.find((c: any) => c.type === "armour" && !q.default.includes(c.id)); const d = arm ? { kind: "casualties", units: [...q.default.slice(0, -1), arm.id] } : otherChoice(q);
          if (JSON.stringify(d) !== JSON.stringify({ kind: "casualties", units: q.default })) { picked = true; choices.push({ battle: q.battle, round: q.round, step: stepOf(q), decision: d }); }
        }
      }
      for (const n of info.sides) b[n] = n === "Germany" ? { choices } : { choices: [], robot: true };
    } else {
      const air = state.choices.air.filter((a: any) => a.nation === "Germany" && a.destinations.length > 0);
      if (air.length) landed = true;
      for (const n of info.sides) b[n] = { landings: [], aaMoves: [] };
    }
    out = r.resolve(state, b, null, `seed-${i}-${g + 1}`, info.id);
    state = out.state;
  }
  inc(`picked=${picked} landed=${landed}`); if (!landed && i < 3) console.log("nl", i); inc(`phases=${phasesN}`);
}
console.log(stats);
