import { openBattle, advanceBattle, decideBattle, fightBattle, phaseDice, type BattleState } from "../../server/engine";
const setup = {"territory":"Battlefield","pass":"sea" as const,"lowLuck":false,"units":[{"id":1,"nation":"Russia" as const,"type":"fighter" as const,"team":"Allies" as const,"attacking":false,"cargo":[]},{"id":2,"nation":"Japan" as const,"type":"fighter" as const,"team":"Axis" as const,"attacking":false,"cargo":[]},{"id":3,"nation":"Russia" as const,"type":"fighter" as const,"team":"Allies" as const,"attacking":false,"cargo":[]}],"bombarders":[]};
const dice = phaseDice("");
const fought = fightBattle(openBattle(setup), dice);
let b = advanceBattle(openBattle(setup), dice);
while (b.stage !== "done") {
  const req = b.pending[b.pending.length - 1]!;
  const r = decideBattle(b, req.team, req.kind === "casualties" ? { kind: "casualties", units: req.default } : { kind: "retreat", submerge: [], withdraw: [] }, "default");
  if (!r.ok) throw new Error(r.message);
  b = advanceBattle(r.battle, dice);
}
console.log("fightBattle:", JSON.stringify(fought.rounds.map(r => r.choices.map(c => `${c.step}:${c.team}`))));
console.log("Allies first:", JSON.stringify(b.rounds.map(r => r.choices.map(c => `${c.step}:${c.team}`))));
const norm = (x: BattleState) => { const y = structuredClone(x); for (const r of y.rounds) r.choices.sort((p, q) => (p.step + p.team < q.step + q.team ? -1 : 1)); return JSON.stringify(y); };
console.log("equal after sorting choices:", norm(b) === norm(fought));
