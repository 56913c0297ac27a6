"use client";
// The post-combat phase of a 1942 turn on the map (R7): the combat's outcome (units where they stand,
// captures in their new owners' colours, the battles' winners), and for the viewer the classic landing
// panel (post-combat.tsx): each air unit's landing chosen on the map or in the list, AA guns' moves;
// saved as the side's batch (LandingOrders) through the platform's save, then locked.
import { useMemo, useState } from "react";
import type { ActionResult, GameScreenProps } from "../../contract";
import type { StageView } from "../../../../server/rulesets/1942/phases/stage-view";
import type { LandingOrders } from "../../../../server/rulesets/1942/phases/landing-choices";
import { BoardMap } from "../../../game/[id]/map/board-map";
import { ownUnitsBox } from "../../../game/[id]/own-units-box";
import { PostCombat } from "../../../game/[id]/post-combat";
import type { PostCombatPort } from "../../../game/[id]/post-combat-port";
import { CasualtyOrder } from "../casualty-order";
import { mapViewKey, nationsOf } from "./stage-board";

type PostCombatView = Extract<StageView, { stage: "post-combat" }>;
type Stage = Parameters<typeof PostCombat>[0]["stage"];

const words = (r: ActionResult) => (r.ok ? "" : `${r.message}${r.rule && !r.message.includes(r.rule) ? ` (${r.rule})` : ""}`);

export function PostCombatStage(props: GameScreenProps & { view: PostCombatView }) {
  const { view, side, phase, gameId } = props;
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const mine = nationsOf(side);
  const locked = side !== null && phase.locked.includes(side);
  const choices = view.choices;
  const acting = side !== null && phase.status === "open" && phase.sides.includes(side) && !!choices && choices.air.length + choices.aaGuns.length > 0;
  const saved = props.saved as LandingOrders | null;
  const board = useMemo(() => ({ units: view.outcome.units, owners: view.outcome.owners, treasury: view.start.treasury }), [view]);
  const victoryCities = view.start.houseRules?.victoryCities === true;
  const start = useMemo(() => ownUnitsBox(board.units, mine), [board, side]); // eslint-disable-line react-hooks/exhaustive-deps

  const stage = {
    report: view.outcome,
    waitingFor: phase.sides.filter((s) => !phase.locked.includes(s)),
    mine: acting ? { [side!]: { choices, landings: saved?.landings ?? [], aaMoves: saved?.aaMoves ?? [], locked } } : {},
  } as unknown as Stage;

  // Each step reports a refusal as the classic panel's mutations did: a save's in its list, a lock's as the error.
  const run = async <T,>(step: () => Promise<T>): Promise<T> => {
    setBusy(true);
    setError(null);
    try {
      return await step();
    } finally {
      setBusy(false);
    }
  };
  const refused = (r: ActionResult) => {
    if (r.ok) return;
    const e = new Error(words(r));
    setError(e);
    throw e;
  };
  const port: PostCombatPort = {
    save: (_nation, landings, aaMoves) => run(async () => {
      const r = await props.save({ landings, aaMoves } satisfies LandingOrders);
      return r.ok ? { ok: true as const } : { ok: false as const, refused: [words(r)] };
    }),
    lock: () => run(async () => refused(await props.lock())),
    unlock: () => run(async () => refused(await props.unlock())),
    busy,
    error,
  };

  return props.layout({
    board: (
      <div ref={setHost} data-testid="stage-post-combat-map">
        {acting ? null : (
          <BoardMap units={board.units} owners={board.owners} victoryCities={victoryCities} storageKey={mapViewKey(gameId)} start={start} fill title="Map of the board after this turn's combat" />
        )}
      </div>
    ),
    panel: (
      <>
        <PostCombat
          gameId={gameId}
          stage={stage}
          deadline={phase.status === "open" ? phase.deadline : null}
          onChanged={() => {}}
          map={acting ? { host, nation: side as never, board: board as never, victoryCities, storageKey: mapViewKey(gameId), start } : undefined}
          port={port}
        />
        {props.setStanding ? <CasualtyOrder standing={props.standing} setStanding={props.setStanding} /> : null}
      </>
    ),
  });
}
