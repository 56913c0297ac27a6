"use client";
// Ordering on the map (issue 6): click a marked group to select its whole stack (fewer with the stepper), click an
// outlined destination — the engine's legal destinations, asked of the rules (map-rules.tsx) — to make the
// order. Making the order ends the selection, so the next click starts afresh; clicking an order's
// arrow selects it again to change its path (further destinations) or its counts. Transports load
// here (the load is part of the selection) and unload with a click. The draft is shared with the list
// view, so Save, Lock and refusals behave the same in both. A loaded transport whose move ends next
// to land stays selected and asks where its cargo lands (R4.7). The map itself is drawn into the game
// screen's map area (a portal), the controls stay in the side panel.
import dynamic from "next/dynamic";
import { useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { teamOf } from "../../../../server/rulesets/1942/engine/teams";
import { type Nation, type UnitType } from "../../../../server/rulesets/1942/engine/types";
import { neighboursOf, slug, type Board } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { BoardMap } from "./board-map";
import type { Arrow } from "./map-layers";
import type { View } from "./use-map-zoom";
import { isSeaZone } from "./map-geometry";
import { useDestinations, useGameFacts, type Earlier } from "./map-rules";
import { PurchasePanel } from "./purchase-panel";
import { draftBattles, territoryBattle } from "./attack-odds";
import { OddsLayer } from "./odds-layer";
import { useOddsList } from "../../../odds/use-odds-list";
import {
  asksLanding,
  claimedAt,
  clickDestination,
  clickGroup,
  commit,
  freeAt,
  isComplete,
  orderableTerritories,
  unitsWithoutOrders,
  type DraftOrder,
  type Selection,
} from "./order-draft";
import { DraftOrderList } from "./draft-order-list";
import { LockControls } from "./lock-controls";
import { OrderableGroups } from "./orderable-groups";

// The battles' markers load in the battle phase only: none of it in the first load.
const BattleMarkers = dynamic(() => import("./battle-markers").then((m) => m.BattleMarkers), { ssr: false });
// The selected group's panel (its counts, load, bombardment, destinations): loaded once a group is first clicked.
const SelectionPanel = dynamic(() => import("./selection-panel").then((m) => m.SelectionPanel));
// The whole turn's odds (issue 24): shown once the draft attacks (with odds labels on the map); turnOdds itself stays in the odds worker.
const TurnOddsLine = dynamic(() => import("./turn-odds-line").then((m) => m.TurnOddsLine), { ssr: false });

export function MapOrders(props: {
  gameId: number;
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  board: Board;
  victoryCities: boolean;
  orders: OrderDraft;
  /** Where the map is drawn (the game screen's map area); null: not this nation's turn to show it. */
  mapHost: HTMLElement | null;
  /** The first view of the map when the player has none kept. */
  start?: View | null;
  storageKey?: string;
  /** A new phase ends any selection of the last one. */
  phaseId?: number;
  /**
   * A stack picked on the map scrolls the panel to the selection (its counts and destinations): a
   * phone's sheet at its peek then shows it, and the map stays free for the destination's tap.
   */
  revealPick?: boolean;
}) {
  const { gameId, nation, phaseOpen, locked, board, victoryCities, orders, mapHost } = props;
  const s = slug(nation);
  const readOnly = locked || !phaseOpen;
  const draft = orders.draft as DraftOrder[];
  const [sel, setSel] = useState<Selection | null>(null);
  const [confirmLock, setConfirmLock] = useState(false);
  const [selPhase, setSelPhase] = useState(props.phaseId);
  if (selPhase !== props.phaseId) {
    setSelPhase(props.phaseId);
    setSel(null);
    setConfirmLock(false);
  }
  const free = (t: string) => freeAt(board.units, nation, t, draft);
  const active = readOnly ? null : sel;

  const earlier = draft.filter((o) => o.id !== active?.orderId);
  const options = useDestinations(
    gameId,
    nation,
    {
      from: active?.from ?? "",
      units: active?.units ?? {},
      ...(active?.stealth ? { stealth: true } : {}),
      ...(active?.path.length ? { via: active.path } : {}),
      ...(active?.load ? { load: active.load } : {}),
    },
    earlier as Earlier,
    active !== null,
  );
  const ready = active !== null && !options.isFetching;
  const targets = ready ? (options.data?.destinations ?? []) : [];
  const unloads = ready && active && !active.unload ? (options.data?.unloads ?? []) : [];

  /**
   * Write the selection into the draft once it is an order (its own order is replaced in place).
   * `end`: a click on the map made the order, which ends the selection (the next click on a group
   * starts a new order and never extends this one); the panel's controls keep it selected.
   */
  function apply(next: Selection | null, end = false) {
    if (next && isComplete(next)) {
      const done = commit(draft, next);
      orders.setDraft(done.draft);
      setSel(end ? null : done.sel);
    } else if (next?.orderId) {
      // No longer an order (its bombardment or load taken back): it leaves the draft, the selection stays.
      orders.remove(next.orderId);
      setSel({ ...next, orderId: undefined });
    } else setSel(next);
    setConfirmLock(false);
  }

  const onGroup = (territory: string, type: UnitType) => apply(clickGroup(sel, territory, type, free(territory)));
  const panel = useRef<HTMLDivElement>(null);
  const onMapGroup = (territory: string, type: UnitType) => {
    onGroup(territory, type);
    if (props.revealPick) requestAnimationFrame(() => panel.current?.scrollIntoView({ block: "nearest" }));
  };
  const onTarget = (territory: string) => {
    const d = targets.find((t) => t.territory === territory);
    if (!active || !d) return;
    const next = clickDestination(active, d.path);
    // A loaded transport ending next to land stays selected: the coasts it may unload into are outlined (R4.7).
    const aboard = board.units.some((u) => u.aboard && u.nation === nation && u.at === active.from);
    apply(next, !asksLanding(next, aboard, (zone) => neighboursOf(zone).some((t) => !isSeaZone(t))));
  };
  const onUnload = (territory: string) => active && apply({ ...active, unload: territory }, true);
  /** A click on an order's arrow: select that order to change it. */
  const onArrow = (id: string) => {
    const o = draft.find((x) => x.id === id);
    if (!o?.from || !o.units) return;
    setConfirmLock(false);
    setSel({
      from: o.from,
      units: o.units,
      path: o.path ?? [],
      orderId: o.id,
      ...(o.load ? { load: o.load } : {}),
      ...(o.unload ? { unload: o.unload } : {}),
      ...(o.stealth ? { stealth: true } : {}),
      ...(o.raid ? { raid: true } : {}),
      ...(o.bombard ? { bombard: o.bombard } : {}),
    });
  };
  // An attack: the move ends where the enemy team holds the land or has units (R5: a battle follows).
  const enemy = (n: Nation) => teamOf(n) !== teamOf(nation);
  const attacks = (o: { from: string; path: readonly string[]; unload?: string }) => {
    const end = o.unload ?? (o.path.length ? o.path[o.path.length - 1]! : o.from);
    const owner = board.owners[end];
    return (owner !== undefined && enemy(owner) && !isSeaZone(end)) || board.units.some((u) => u.at === end && enemy(u.nation));
  };

  const arrows: Arrow[] = useMemo(() => {
    const out: Arrow[] = draft
      .filter((o) => o.from && o.units && o.id !== active?.orderId)
      .map((o) => ({ id: o.id, from: o.from!, path: o.path ?? [], unload: o.unload, kind: "draft" as const, attack: attacks({ from: o.from!, path: o.path ?? [], unload: o.unload }) }));
    if (active) out.push({ id: active.orderId ?? "pending", from: active.from, path: active.path, unload: active.unload, kind: "pending" });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, active, board]);

  // Issue 13 — the odds of each battle the draft starts, priced in the odds worker as the draft changes.
  // The game's low-luck option (R6.8). R6: once the battles are fought, the locked orders' arrows and
  // their order-time odds give way to the battles' markers and live odds.
  const { lowLuck, fighting } = useGameFacts(gameId);
  const battles = useMemo(() => (fighting ? [] : draftBattles(board, nation, draft, lowLuck)), [fighting, board, nation, draft, lowLuck]);
  const odds = useOddsList(useMemo(() => battles.map((b) => ({ key: b.territory, input: b.input })), [battles]));

  const groups = orderableTerritories(board.units, nation, draft);
  const holding = unitsWithoutOrders(board.units, nation, draft);

  async function saveAndLock() {
    if (holding.length > 0 && !confirmLock) return setConfirmLock(true);
    setConfirmLock(false);
    setSel(null);
    if (orders.dirty) {
      const res = await orders.save().catch(() => null);
      if (!res?.ok) return;
    }
    orders.lock();
  }

  return (
    <section className="map-orders" aria-labelledby={`map-${s}-heading`} data-testid={`map-orders-${s}`}>
      <h2 id={`map-${s}-heading`}>
        Orders for {nation}{" "}
        {locked ? (
          <span className="tag tag-locked" data-testid={`map-locked-tag-${s}`}>
            locked
          </span>
        ) : null}
      </h2>
      <div>
        {mapHost
          ? createPortal(
        <BoardMap
          units={board.units}
          owners={board.owners}
          victoryCities={victoryCities}
          nation={readOnly ? undefined : nation}
          free={free}
          onGroup={readOnly ? undefined : onMapGroup}
          selected={active?.from}
          arrows={fighting ? [] : arrows}
          targets={targets.map((t) => t.territory)}
          unloads={unloads}
          onTarget={onTarget}
          onUnload={onUnload}
          onArrow={readOnly || active ? undefined : onArrow}
          ordered={(t) => claimedAt(draft, t)}
          attacksOn={(t) =>
            draft
              .filter((o) => o.from && o.units && attacks({ from: o.from, path: o.path ?? [], unload: o.unload }) && (o.unload ?? o.path?.[o.path.length - 1]) === t)
              .map((o) => ({ id: o.id, from: o.from!, units: o.units! }))
          }
          overlay={fighting ? <BattleMarkers gameId={gameId} /> : <OddsLayer battles={battles.map((b) => ({ territory: b.territory, sea: b.input.sea === true }))} odds={odds} />}
          battleOn={(t) => territoryBattle(board, t, nation, draft)}
          storageKey={props.storageKey}
          start={props.start}
          fill
          title={`Map of the board; ${readOnly ? "orders closed" : `ordering for ${nation}`}`}
          testId={`map-${s}`}
        />,
              mapHost,
            )
          : null}
        <div className="map-panel" ref={panel} data-testid={`map-panel-${s}`}>
          {readOnly ? (
            <p className="muted small">{locked ? "Your orders are locked. Unlock to change them." : "This phase is closed to changes."}</p>
          ) : active ? (
            <SelectionPanel
              nation={nation}
              board={board}
              draft={draft}
              active={active}
              targets={targets}
              finding={options.isFetching}
              unloads={unloads}
              apply={apply}
              onTarget={onTarget}
              onUnload={onUnload}
              onDone={() => setSel(null)}
            />
          ) : (
            <OrderableGroups nation={nation} groups={groups} free={free} onGroup={onGroup} />
          )}

          {!readOnly ? <PurchasePanel gameId={gameId} nation={nation} orders={orders} /> : null}

          <DraftOrderList
            nation={nation}
            draft={draft}
            refusals={orders.refusals}
            battles={battles}
            odds={odds}
            readOnly={readOnly}
            onUndo={(id) => {
              if (sel?.orderId === id) setSel(null);
              orders.remove(id);
            }}
            onClear={() => {
              setSel(null);
              orders.clear();
            }}
          />
          <LockControls nation={nation} orders={orders} readOnly={readOnly} locked={locked} phaseOpen={phaseOpen} holding={holding} confirmLock={confirmLock} onLock={() => void saveAndLock()} />
          {/* Below the buttons: the line is priced after each change, and its height must never move Lock under a player's finger. */}
          {battles.length > 0 ? <TurnOddsLine nation={nation} board={board} draft={draft} lowLuck={lowLuck} /> : null}
        </div>
      </div>
    </section>
  );
}
