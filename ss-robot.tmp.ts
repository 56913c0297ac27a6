import { getRuleset } from "./server/rulesets";
const r = getRuleset("1942")!;
const res: any = r.setup("standard", { lowLuck: true, sides: ["Germany","Russia","Japan","United Kingdom","United States"] } as any, "x");
const s = res.state;
for (const n of ["United Kingdom","United States","Japan"]) console.log(n, JSON.stringify(r.robot(s, n, "a")));
