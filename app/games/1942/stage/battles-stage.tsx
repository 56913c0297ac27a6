"use client";
// A battles phase of a 1942 turn on the map (R6): the board at the turn's start with each battle as a
// marker (the nations fighting, the round, the viewer's odds, "Your decision needed"), and in the panel
// the classic battle board (battle-decisions.tsx) for each battle. The viewer's decisions are kept one
// by one in its batch (BattleOrders, saved through the platform's save); Lock sends them all (R6.3:
// both sides' choices meet when the phase resolves). Spectators and the other sides see the battles
// and what each waits for, with no inputs.
import { useEffect, useMemo, useState } from "react";
import type { ActionResult, GameScreenProps } from "../../contract";
import type { StageView } from "../../../../server/rulesets/1942/phases/stage-view";
import { LiveBattleView } from "../../../game/[id]/battle-decisions";
import { BattleSourceContext, type BattleSource, type DecisionInput } from "../../../game/[id]/battle/battle-source";
import { requestKey } from "../../../game/[id]/battle/decision-words";
import { myWaitingText } from "../../../game/[id]/battle-waiting";
import type { LiveBattle, PendingRequest } from "../../../game/[id]/game-types";
import { BattleMarkers, type MarkerData } from "../../../game/[id]/map/battle-markers";
import { BoardMap } from "../../../game/[id]/map/board-map";
import { placesBox } from "../../../game/[id]/map/map-geometry";
import { ownUnitsBox } from "../../../game/[id]/own-units-box";
import { useOnBattleFocus } from "../../../game/[id]/battle/battle-focus";
import { answers, batchOf, leftToPreference, waitingIn, withBattlePreferred, withChoice, withoutChoice, withPreference } from "./battle-batch";
import { DecisionBar } from "./decision-bar";
import { FinishedBattles } from "./finished-battles";
import { groupUnits } from "../../../../server/rulesets/1942/engine/stacks";
import { BattlePrefer, PreferenceChoice } from "./preference-choice";
import { standingOrder } from "../casualty-order";
import { nationsOf } from "./stage-board";

type BattlesView = Extract<StageView, { stage: "battles" }>;

const refusal = (r: ActionResult) => (r.ok ? "" : `${r.message}${r.rule && !r.message.includes(r.rule) ? ` (${r.rule})` : ""}`);

export function BattlesStage(props: GameScreenProps & { view: BattlesView }) {
  const { view, side, phase, gameId } = props;
  const mine = nationsOf(side);
  const locked = side !== null && phase.locked.includes(side);
  const acting = side !== null && phase.status === "open" && phase.sides.includes(side);
  const [batch, setBatch] = useState(() => batchOf(props.saved));
  // A batch saved elsewhere (another tab, a sandbox's robot) replaces the one shown; a refetch of this
  // screen's own save changes nothing.
  const savedText = JSON.stringify(props.saved ?? null);
  useEffect(() => setBatch(batchOf(JSON.parse(savedText))), [savedText]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A battle's marker tapped on the map: the battle board shows it (on a phone the frame opens its sheet).
  useOnBattleFocus(() => props.showPanel());

  const battles = view.battles as unknown as LiveBattle[];
  // The requests as the battle board reads them: the viewer's own are its pickers.
  const requests = useMemo(() => view.requests.map((r) => ({ ...r, mine: acting && r.chooser === side })) as PendingRequest[], [view.requests, acting, side]);
  const myRequests = requests.filter((r) => r.mine);
  const myBattles = [...new Set(myRequests.map((r) => r.battle))];
  const lowLuck = view.start.lowLuck === true;
  const standing = standingOrder(props.standing);
  const leave = (next: typeof batch, on: boolean) =>
    void act(() => save(next), on ? "Kept: those battles go on without asking you (lock to send it)." : "Taken back: you decide those battles yourself.");
  const units = useMemo(() => groupUnits(view.start.units), [view.start.units]);
  // A battle left to the preference asks nothing of the viewer: its marker does not say "Your decision needed".
  const preferredText = JSON.stringify([batch.prefer?.battles ?? [], view.preference?.battles ?? []]);
  const markers = useMemo<MarkerData>(
    () => ({ battles, requests: requests.map((r) => (r.mine && leftToPreference(batch, view.preference, r.battle) ? { ...r, mine: false } : r)), myNations: mine, lowLuck }),
    [battles, requests, side, lowLuck, preferredText], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const save = async (next: typeof batch): Promise<ActionResult> => {
    const r = await props.save(next);
    if (r.ok) setBatch(next);
    return r;
  };
  const source: BattleSource = {
    battles,
    lowLuck,
    decide: async (input: DecisionInput) => {
      if (!acting || locked) return { ok: false, message: "Your decisions are locked: unlock them to change one." };
      const r = await save(withChoice(batch, input));
      setMessage(null);
      return r.ok ? { ok: true } : { ok: false, message: refusal(r) };
    },
    chosen: (k) => locked || batch.choices.some((c) => answers(c, k)),
    keptText: locked ? "Locked: a decision you did not make takes the default (R6.9)." : "Kept in your decisions: lock them above (or change it there).",
  };
  const act = async (run: () => Promise<ActionResult>, done: string) => {
    setBusy(true);
    try {
      const r = await run();
      setMessage(r.ok ? { ok: true, text: done } : { ok: false, text: refusal(r) });
    } finally {
      setBusy(false);
    }
  };

  // The map opens framed on the phase's battles (every marker in view, however far apart), not on the
  // player's kept view: that one is the orders' and comes back with them, so this view is not kept.
  const places = [...new Set([...battles.map((b) => b.territory), ...requests.map((r) => r.battle)])].sort().join("|");
  const framed = useMemo(() => placesBox(places ? places.split("|") : []) ?? ownUnitsBox(units, mine), [places]); // eslint-disable-line react-hooks/exhaustive-deps
  const board = (
    <BoardMap
      units={units}
      owners={view.start.owners}
      victoryCities={view.start.houseRules?.victoryCities === true}
      start={framed}
      startScale={1}
      fill
      title="Map of the board; the battles of this phase"
      overlay={<BattleMarkers gameId={gameId} data={markers} />}
    />
  );

  const panel = (
    <BattleSourceContext.Provider value={source}>
      <section className="card battles-card stack" aria-labelledby="stage-battles-heading" data-testid="stage-battles">
        <h2 id="stage-battles-heading">{view.pass === "sea" ? "Sea battles" : "Land battles"}</h2>
        {acting ? (
          <DecisionBar
            requests={myRequests}
            batch={batch}
            locked={locked}
            busy={busy}
            message={message}
            known={battles}
            onChange={(k) => void act(() => save(withoutChoice(batch, k)), "Taken back: choose again.")}
            onLock={() => void act(props.lock, "Locked: the battles go on once every side has decided.")}
            onUnlock={() => void act(props.unlock, "Unlocked: change your decisions and lock again.")}
            preferred={(b) => leftToPreference(batch, view.preference, b)}
            preference={
              <PreferenceChoice
                standing={standing}
                prefer={batch.prefer}
                earlier={view.preference}
                battles={myBattles}
                locked={locked}
                busy={busy}
                onStanding={(casualties) =>
                  void act(async () => (props.setStanding ? props.setStanding({ casualties }) : { ok: false, message: "Only a player keeps a casualty order." }), "Kept: your casualty order, this turn and the next ones.")
                }
                onRest={(on) => leave(withPreference(batch, on ? myBattles : []), on)}
              />
            }
          />
        ) : (
          <p className="muted small" data-testid="stage-battles-watching">
            {side ? `Nothing waits for ${side} in these battles now.` : "You watch this game."} At the deadline every missing decision takes the default (R6.9).
          </p>
        )}
        {battles.map((b) => (
          <LiveBattleView
            key={b.territory}
            gameId={gameId}
            battle={b}
            requests={requests.filter((r) => r.battle === b.territory)}
            decided={[]}
            onChanged={() => {}}
            after={
              acting && myBattles.includes(b.territory) ? (
                <BattlePrefer
                  battle={b.territory}
                  on={batch.prefer?.battles.includes(b.territory) ?? false}
                  earlier={view.preference?.battles.includes(b.territory) ?? false}
                  order={view.preference?.battles.includes(b.territory) ? view.preference.casualties : (batch.prefer?.casualties ?? standing)}
                  locked={locked}
                  busy={busy}
                  onChange={(on) => leave(withBattlePreferred(batch, b.territory, on), on)}
                />
              ) : null
            }
          />
        ))}
        {requests
          .filter((r) => !battles.some((b) => b.territory === r.battle))
          .map((r) => (
            <p key={requestKey(r)} className="small muted">
              {r.chooser} decides in {r.battle}, round {r.round}.
            </p>
          ))}
        <FinishedBattles battles={view.finished} />
      </section>
    </BattleSourceContext.Provider>
  );
  // The decisions still open for the viewer (the frame's "Decide! 2" and its banner, in words): none once locked.
  const open = acting && !locked ? waitingIn(myRequests, batch, (b) => leftToPreference(batch, view.preference, b)) : [];
  return props.layout({ board, panel, waiting: open.length, waitingText: myWaitingText(open) });
}
