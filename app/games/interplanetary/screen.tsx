"use client";
// Interplanetary's screen (issue 21) behind the platform's contract (app/games/contract.ts): the
// board fills the screen, each own ship shows its course and seven endpoints to tap, the panel holds
// the rest of the plot (gravity choices, landing, launches, guns with their odds, the orders of the
// side's ordnance in flight) and Save / Lock.
import { useEffect, useMemo, useState } from "react";
import type { GameScreenModule, GameScreenProps } from "../contract";
import { bodyNamed } from "../../../server/rulesets/interplanetary/board";
import { distance, type Dir, type Hex } from "../../../server/rulesets/interplanetary/hex";
import { ORDNANCE } from "../../../server/rulesets/interplanetary/ordnance-data";
import type { Orders } from "../../../server/rulesets/interplanetary/types";
import type { View } from "../../../server/rulesets/interplanetary/view";
import { boxAround, sideColour } from "./geometry";
import { PiecesLayer } from "./pieces-layer";
import { PlotLayer } from "./plot-layer";
import { withShip } from "./plot-draft";
import { PlotActions } from "./plot-actions";
import { Review } from "./review";
import { OrdnanceOrdersForm } from "./ordnance-orders";
import { ShipOrdersForm } from "./ship-orders";
import { SpaceMap } from "./space-map";
import styles from "./screen.module.css";

type SideView = Exclude<View, { viewer: "outsider" }>;

export function Screen(props: GameScreenProps) {
  const view = props.view as View;
  if (view.viewer === "outsider") {
    return props.layout({
      board: (
        <div className={styles.outsider}>
          <p>
            Interplanetary, {view.scenario}: turn {view.turn}, sides {view.sides.join(", ")}.
          </p>
        </div>
      ),
      panel: null,
    });
  }
  return <PlotScreen {...props} view={view} />;
}

/** Hexes: an enemy ship this near one of the player's opens in the turn's first view. */
const NEAR = 10;

const viewKey = (gameId: number, turn: number) => `ip-view-${gameId}-${turn}`;

function forgetView(gameId: number, turn: number): void {
  try {
    localStorage.removeItem(viewKey(gameId, turn));
  } catch {
    // private mode: nothing was kept
  }
}

function PlotScreen(props: GameScreenProps & { view: SideView }) {
  const { view, side, phase } = props;
  const [draft, setDraft] = useState<Orders>((props.saved as Orders | null) ?? {});
  // A new turn, or orders saved elsewhere, start from what is saved; a refetch of the same saved
  // orders (any event on the game) keeps the plot being drawn.
  const savedText = JSON.stringify(props.saved ?? {});
  useEffect(() => setDraft(JSON.parse(savedText) as Orders), [props.turn, savedText]);
  const own = view.ships.filter((s) => s.side === side && (s.status === "flying" || s.status === "landed"));
  const [selected, setSelected] = useState<string | null>(own[0]?.id ?? null);
  const ship = own.find((s) => s.id === selected) ?? own[0] ?? null;
  const locked = side !== null && phase.locked.includes(side);
  const acting = side !== null && phase.status === "open" && phase.sides.includes(side);
  const colourOf = (s: string) => sideColour(view.sides, s);
  // Ships fly across the board from turn to turn: each turn opens on the player's ships, and the view
  // the player makes of it is kept for that turn only (a reload keeps it), the last turn's let go.
  useEffect(() => forgetView(props.gameId, props.turn - 1), [props.gameId, props.turn]);
  const enemies = view.ships.filter((s) => s.side !== side && s.status === "flying");
  // The view a turn opens on: the player's ships and the enemy ships within NEAR hexes of one of
  // them, the ones worth a gun this turn (a shot's odds fall with range, IP7.2).
  const near = enemies.filter((e) => own.some((s) => distance(s.pos, e.pos) <= NEAR));
  const homeHexes = [...own, ...near].map((s) => s.pos);
  const home = useMemo(() => boxAround(homeHexes), [homeHexes.map((h) => `${h.q},${h.r}`).join(" ")]); // eslint-disable-line react-hooks/exhaustive-deps
  // IP9.2: Earth and every hex within 2 of it, while the zone lasts.
  const noFireZone = (h: Hex) => view.noFireZone && distance(h, bodyNamed("Earth").hex) <= 2;
  const onBurn = (id: string, burn: Dir | null) => {
    if (!acting || locked) return;
    setSelected(id);
    setDraft((d) => withShip(d, id, { burn: burn ?? undefined }));
  };

  return props.layout({
    board: (
      <div className={styles.mapArea} data-testid="ip-screen" data-turn={props.turn}>
        <SpaceMap bases={view.bases} sides={view.sides} storageKey={viewKey(props.gameId, props.turn)} home={home} title={`Interplanetary, turn ${props.turn}`}>
          <PlotLayer ships={view.ships} side={side} draft={draft} selected={ship?.id ?? null} colourOf={colourOf} onBurn={onBurn} />
          <PiecesLayer ships={view.ships} ordnance={view.ordnance} sides={view.sides} selected={ship?.id ?? null} onSelect={(id) => own.some((s) => s.id === id) && setSelected(id)} />
        </SpaceMap>
      </div>
    ),
    panel: (
      <section className={styles.panel} aria-label="Plot">
        <header className={styles.head}>
          <strong>
            Turn {props.turn} · {view.scenario.replaceAll("-", " ")}
          </strong>
          <span className={styles.muted} data-testid="phase-status">
            {phase.status === "open" ? `Locked: ${phase.locked.length}/${phase.sides.length}` : phase.status}
          </span>
        </header>
        {view.ended ? (
          <p className={styles.result} data-testid="game-result">
            Game over: {view.ended.reason}.
          </p>
        ) : null}
        {own.length > 1 ? (
          <div className={styles.tabs} role="tablist">
            {own.map((s) => (
              <button key={s.id} type="button" role="tab" aria-selected={s.id === ship?.id} className={`${styles.tab} ${s.id === ship?.id ? styles.on : ""}`} onClick={() => setSelected(s.id)}>
                {s.id}
              </button>
            ))}
          </div>
        ) : null}
        {ship ? (
          <>
            <p className={styles.stats} data-testid="ship-stats">
              <span style={{ color: colourOf(ship.side) }}>▲ {ship.id}</span> · fuel {ship.fuel}/{ship.maxFuel} · speed {Math.max(Math.abs(ship.vel.q), Math.abs(ship.vel.r), Math.abs(ship.vel.q + ship.vel.r))}
              {ship.orbit ? ` · orbiting ${ship.orbit}` : ""}
              {ship.disabled ? ` · disabled ${ship.disabled}` : ""} · structure {ship.hp?.structure}
            </p>
            {acting ? <ShipOrdersForm ship={ship} enemies={enemies} draft={draft} noFireZone={noFireZone} onChange={setDraft} disabled={locked} /> : null}
          </>
        ) : side ? (
          <p className={styles.note}>{side} has no ship left in play.</p>
        ) : (
          <p className={styles.note}>You are watching.</p>
        )}
        {acting ? <OrdnanceOrdersForm pieces={view.ordnance.filter((o) => o.side === side)} targets={[...enemies.map((e) => e.id), ...view.ordnance.filter((o) => o.side !== side && ORDNANCE[o.kind].attacks !== "base").map((o) => o.id)]} draft={draft} onChange={setDraft} disabled={locked} /> : null}
        {acting ? <PlotActions key={props.turn} draft={draft} locked={locked} save={props.save} lock={props.lock} unlock={props.unlock} /> : null}
      </section>
    ),
  });
}

const screen: GameScreenModule = { Screen, Review };
export default screen;
export { Review };
