"use client";
// Before a casualty choice (issue 13, "In a battle"): the exact odds from here with the default
// casualties and with the player's current picks, side by side, priced in the odds worker. The
// battle is read from the game's own query (already loaded by the game screen), or from a phased
// game's stage screen (battle/battle-source.ts).
import { useQuery } from "@tanstack/react-query";
import type { Team } from "../../../server/rulesets/1942/engine/types";
import { useOdds } from "../../odds/use-odds";
import { useTRPC } from "../../trpc/client";
import { useBattleSource } from "./battle/battle-source";
import { battleFromHere, chanceFor } from "./casualty-odds-input";
import { liveBattles, slug } from "./game-types";
import { percent } from "./map/odds-layer";

export function CasualtyOdds({ gameId, request, picks }: { gameId: number; request: { battle: string; team: Team; default: readonly number[] }; picks: readonly number[] }) {
  const trpc = useTRPC();
  const source = useBattleSource();
  const game = useQuery({ ...trpc.game.get.queryOptions({ gameId }), enabled: false });
  const pending = game.data?.phase?.pending;
  const battles = source ? source.battles : pending ? liveBattles(pending) : [];
  const battle = battles.find((b) => b.territory === request.battle);
  const lowLuck = source ? source.lowLuck : game.data?.game.lowLuck === true;
  const asDefault = battle ? battleFromHere(battle, request.default, lowLuck) : undefined;
  const asPicked = battle ? battleFromHere(battle, picks, lowLuck) : undefined;
  const byDefault = useOdds(asDefault);
  const byPicks = useOdds(asPicked);
  if (!battle || !asDefault || !asPicked) return null;
  const attackerTeam = battle.units.find((u) => u.attacking)?.team ?? request.team;
  const sea = asDefault.sea === true;
  const goal = request.team === attackerTeam ? (sea ? "to win" : `to take ${battle.territory}`) : sea ? "to win" : `to hold ${battle.territory}`;
  const show = (o: ReturnType<typeof useOdds>) => (o.result ? `${percent(chanceFor(request.team, attackerTeam, o.result, sea))} %` : o.error ? "?" : "…");
  const same = JSON.stringify([...picks].sort()) === JSON.stringify([...request.default].sort());
  return (
    <p className="small" aria-live="polite" data-testid={`casualty-odds-${slug(request.battle)}`}>
      Odds {goal} from here: <strong data-testid="casualty-odds-default">{show(byDefault)}</strong> with the default
      {same ? "" : (
        <>
          , <strong data-testid="casualty-odds-picks">{show(byPicks)}</strong> with your picks
        </>
      )}
      .
    </p>
  );
}
