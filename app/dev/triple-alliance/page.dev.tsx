// Dev server only (page.dev.tsx, see next.config.ts): the Triple Alliance screen and review on a
// scenario, without a game, so the table can be looked at while the platform's page is elsewhere.
// /dev/triple-alliance?scenario=encuentro&side=paraguay[&review=1]
import { tripleAlliance as ta } from "@/server/rulesets/triple-alliance";
import { Preview } from "./preview";

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const q = await searchParams;
  const setup = ta.setup(q.scenario ?? "encuentro", undefined, "dev");
  if (!setup.ok) return <p>{setup.message}</p>;
  let before = setup.state;
  let turn = { state: before, report: { turn: 0, lines: [] as never[] } } as ReturnType<typeof ta.resolve>;
  const turns = Number(q.turns ?? (q.review ? 1 : 0));
  for (let i = 0; i < turns; i++) {
    before = turn.state;
    const orders = Object.fromEntries(before.sides.map((side) => [side, ta.robot(before, side, `dev:${i}`)]));
    turn = ta.resolve(before, orders, null, `dev:${i}`);
  }
  const viewer = { kind: "side", side: q.side ?? "paraguay" } as const;
  return <Preview side={q.side ?? "paraguay"} review={!!q.review} before={ta.view(before, viewer as never)} after={ta.view(turn.state, viewer as never)} report={turn.report} sides={turn.state.sides} />;
}
