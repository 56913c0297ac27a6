"use client";
// Ordering on the map (issue 6): click a marked group to select its whole stack (fewer with the stepper), click an
// outlined destination — the engine's legal destinations, from orders.destinations — to make the
// order. Making the order ends the selection, so the next click starts afresh; clicking an order's
// arrow selects it again to change its path (further destinations) or its counts. Transports load
// here (the load is part of the selection) and unload with a click. The draft is shared with the list
// view, so Save, Lock and refusals behave the same in both. A loaded transport whose move ends next
// to land stays selected and asks where its cargo lands (R4.7). The map itself is drawn into the game
// screen's map area (a portal), the controls stay in the side panel.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { teamOf } from "../../../../server/engine/teams";
import { type Nation, type UnitCounts, type UnitType } from "../../../../server/engine/types";
import { countsText, errorText, orderText, sentence, unitName } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { neighboursOf, slug, type Board } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { BoardMap } from "./board-map";
import type { Arrow } from "./map-layers";
import type { View } from "./use-map-zoom";
import { isSeaZone } from "./map-geometry";
import { PurchasePanel } from "./purchase-panel";
import { draftBattles, territoryBattle } from "./attack-odds";
import { OddsLayer, oddsLabel } from "./odds-layer";
import { useOddsList } from "../../../odds/use-odds-list";
import {
  asksLanding,
  bombardTargets,
  claimedAt,
  clickDestination,
  clickGroup,
  commit,
  freeAt,
  isComplete,
  orderableTerritories,
  selectAllHere,
  setCount,
  setLoad,
  unitsWithoutOrders,
  type DraftOrder,
  type Selection,
} from "./order-draft";

// The battles' markers load in the battle phase only: none of it in the first load.
const BattleMarkers = dynamic(() => import("./battle-markers").then((m) => m.BattleMarkers), { ssr: false });
// The counts of a selected group: shown only once a group is clicked.
const SelectionCounts = dynamic(() => import("./selection-counts").then((m) => m.SelectionCounts));

const LAND_CARGO: readonly UnitType[] = ["infantry", "artillery", "armour"];

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
}) {
  const { gameId, nation, phaseOpen, locked, board, victoryCities, orders, mapHost } = props;
  const trpc = useTRPC();
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
  const options = useQuery({
    ...trpc.orders.destinations.queryOptions({
      gameId,
      nation,
      group: {
        from: active?.from ?? "",
        units: active?.units ?? {},
        ...(active?.stealth ? { stealth: true } : {}),
        ...(active?.path.length ? { via: active.path } : {}),
        ...(active?.load ? { load: active.load } : {}),
      },
      earlier: earlier as never,
    }),
    enabled: active !== null,
    placeholderData: undefined,
  });
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
  // The game's low-luck option (R6.8), from the game screen's own query (no request of its own).
  const gameView = useQuery({ ...trpc.game.get.queryOptions({ gameId }), enabled: false }).data;
  const lowLuck = gameView?.game.lowLuck === true;
  // R6: once the battles are fought, the locked orders' arrows and their order-time odds give way to the battles' markers and live odds.
  const fighting = gameView?.phase?.status === "battles";
  const battles = useMemo(() => (fighting ? [] : draftBattles(board, nation, draft, lowLuck)), [fighting, board, nation, draft, lowLuck]);
  const odds = useOddsList(useMemo(() => battles.map((b) => ({ key: b.territory, input: b.input })), [battles]));
  const oddsOf = (id: string) => battles.filter((b) => b.orderIds.includes(id));

  const groups = orderableTerritories(board.units, nation, draft);
  const holding = unitsWithoutOrders(board.units, nation, draft);
  const selFree = active ? freeAt(board.units, nation, active.from, draft, active.orderId) : {};
  const hasTransport = (active?.units.transport ?? 0) > 0;
  const onlySubs = active !== null && Object.keys(active.units).every((t) => t === "submarine");
  const hasBombers = (active?.units.bomber ?? 0) > 0;
  // R4.7 — where a transport at its starting zone can load from: land next to it with this nation's free land units.
  const loadSources =
    hasTransport && active
      ? neighboursOf(active.from)
          .filter((t) => !isSeaZone(t))
          .map((t) => ({ t, units: Object.fromEntries(Object.entries(freeAt(board.units, nation, t, draft, active.orderId)).filter(([k]) => LAND_CARGO.includes(k as UnitType))) as UnitCounts }))
          .filter((x) => Object.keys(x.units).length > 0)
      : [];

  // What the player must act on next is brought into view in the panel (a phone's sheet shows little of
  // it): the counts and destinations of a new selection, and the "Lock anyway" that the warning about
  // units without orders asks for.
  const selectionBox = useRef<HTMLDivElement>(null);
  const lockButton = useRef<HTMLButtonElement>(null);
  const selectedAt = active ? `${active.from}|${active.orderId ?? ""}` : "";
  useEffect(() => {
    if (selectedAt) selectionBox.current?.scrollIntoView({ block: "start", behavior: "instant" });
  }, [selectedAt]);
  useEffect(() => {
    if (confirmLock) lockButton.current?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [confirmLock]);

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
          onGroup={readOnly ? undefined : onGroup}
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
        <div className="map-panel" data-testid={`map-panel-${s}`}>
          {readOnly ? (
            <p className="muted small">{locked ? "Your orders are locked. Unlock to change them." : "This phase is closed to changes."}</p>
          ) : active ? (
            <div className="map-selection" data-testid={`map-selection-${s}`} aria-live="polite" ref={selectionBox} style={{ scrollMarginTop: "6rem" }}>
              <h3>
                {countsText(active.units)} in {active.from}
              </h3>
              <p className="small">
                {active.path.length ? `Path: ${[active.from, ...active.path].join(" → ")}` : "Click an outlined territory to move there."}
                {hasTransport && unloads.length > 0 && active.path.length > 0 ? (
                  <strong data-testid={`map-ask-landing-${s}`}> Where does the cargo land? Click an outlined coast (R4.7), or Done to stay at sea.</strong>
                ) : active.orderId ? (
                  " Click a further outlined territory to go on from there."
                ) : (
                  ""
                )}
                {active.unload ? ` ${sentence(`Unloads into ${active.unload}`)}` : ""}
                {active.orderId ? ` (order ${active.orderId})` : ""}
              </p>
              <SelectionCounts
                nationSlug={s}
                units={active.units}
                free={selFree}
                onCount={(t, n) => apply(setCount(active, t, n, selFree))}
                onAll={() => apply(selectAllHere(active, selFree))}
              />
              {onlySubs ? (
                <label className="checkbox small">
                  <input type="checkbox" checked={active.stealth === true} onChange={(e) => apply({ ...active, stealth: e.target.checked || undefined, path: active.orderId ? active.path : [] })} /> Stealth
                  (R4.4: pass zones with enemy ships)
                </label>
              ) : null}
              {hasBombers && active.orderId ? (
                <label className="checkbox small">
                  <input type="checkbox" checked={active.raid === true} onChange={(e) => apply({ ...active, raid: e.target.checked || undefined })} data-testid={`map-raid-${s}`} /> Industrial raid (R4.9)
                </label>
              ) : null}
              {active && bombardTargets(active, draft).length > 0 ? (
                <div className="chips" role="group" aria-label="Bombard (R4.8)">
                  <span className="small">Bombard (R4.8):</span>
                  {bombardTargets(active, draft).map((t) => (
                    <button
                      key={t}
                      type="button"
                      className="chip"
                      aria-pressed={active.bombard === t}
                      onClick={() => apply({ ...active, bombard: active.bombard === t ? undefined : t })}
                      data-testid={`map-bombard-${s}-${slug(t)}`}
                    >
                      {t}
                    </button>
                  ))}
                </div>
              ) : null}
              {hasTransport ? (
                <div className="map-load" data-testid={`map-load-${s}`}>
                  <p className="small">
                    <strong>Load</strong> (R4.7, at {active.from}):{" "}
                    {active.load ? `${countsText(active.load.units)} from ${active.load.from}` : "nothing yet"}
                  </p>
                  {loadSources.map(({ t, units }) => (
                    <div key={t} className="chips">
                      <span className="small">{t}:</span>
                      {LAND_CARGO.filter((u) => (units[u] ?? 0) > 0).map((u) => {
                        const now = active.load?.from === t ? (active.load.units[u] ?? 0) : 0;
                        const base = active.load?.from === t ? active.load.units : {};
                        return (
                          <button
                            key={u}
                            type="button"
                            className="chip"
                            disabled={now >= (units[u] ?? 0)}
                            onClick={() => apply(setLoad(active, t, { ...base, [u]: now + 1 }))}
                            data-testid={`map-load-${s}-${u}-${slug(t)}`}
                          >
                            + {unitName(u)} ({(units[u] ?? 0) - now} free)
                          </button>
                        );
                      })}
                    </div>
                  ))}
                  {active.load ? (
                    <button type="button" className="button button-small button-quiet" onClick={() => apply(setLoad(active, active.load!.from, {}))}>
                      Unload nothing / empty the load
                    </button>
                  ) : null}
                  {unloads.length > 0 ? (
                    <div className="chips" role="group" aria-label="Unload into">
                      <span className="small">Unload into:</span>
                      {unloads.map((t) => (
                        <button key={t} type="button" className="chip" onClick={() => onUnload(t)} data-testid={`list-unload-${s}-${slug(t)}`}>
                          {t}
                        </button>
                      ))}
                    </div>
                  ) : null}
                </div>
              ) : null}
              <div className="chips" role="group" aria-label="Destinations">
                <span className="small">{targets.length ? "Move to:" : options.isFetching ? "Finding destinations…" : "No further destinations."}</span>
                {targets.map((d) => (
                  <button key={d.territory} type="button" className="chip" onClick={() => onTarget(d.territory)} data-testid={`list-target-${s}-${slug(d.territory)}`}>
                    {d.territory}
                  </button>
                ))}
              </div>
              <div className="actions">
                {active.orderId && active.path.length > 0 ? (
                  <button type="button" className="button button-small button-quiet" onClick={() => apply({ ...active, path: [], unload: undefined, bombard: undefined })} data-testid={`map-repath-${s}`}>
                    Choose the path again
                  </button>
                ) : null}
                <button type="button" className="button button-small" onClick={() => setSel(null)} data-testid={`map-done-${s}`}>
                  {active.orderId ? "Done" : "Cancel"}
                </button>
              </div>
            </div>
          ) : (
            <details className="small" open={groups.length <= 12}>
              <summary>
                {groups.length} {groups.length === 1 ? "territory has" : "territories have"} units that can take orders (marked with a yellow ring)
              </summary>
              <ul className="group-list" data-testid={`map-groups-${s}`}>
                {groups.map((t) => (
                  <li key={t}>
                    {t}:{" "}
                    {Object.entries(free(t)).map(([type, n]) => (
                      <button key={type} type="button" className="chip" onClick={() => onGroup(t, type as UnitType)} data-testid={`list-group-${s}-${type}-${slug(t)}`}>
                        {n} {unitName(type as UnitType, n)}
                      </button>
                    ))}
                  </li>
                ))}
              </ul>
            </details>
          )}

          {!readOnly ? <PurchasePanel gameId={gameId} nation={nation} orders={orders} /> : null}

          <h3>Orders ({draft.length})</h3>
          {draft.length === 0 ? <p className="muted small">No orders: every unit holds.</p> : null}
          <ol className="order-list small" data-testid={`map-order-list-${s}`}>
            {draft.map((o) => {
              const refusal = orders.refusals[o.id];
              return (
                <li key={o.id} className={refusal ? "order refused" : "order"} data-testid={`map-order-${o.id}`}>
                  <span>
                    <code>{o.id}</code> {orderText(o)}
                  </span>{" "}
                  {oddsOf(o.id).map((b) => (
                    <span key={b.territory} className="small" data-testid={`map-order-odds-${o.id}-${slug(b.territory)}`} title="Exact odds of all your orders into it together">
                      <strong>{oddsLabel(odds[b.territory], b.input.sea === true)}</strong> {b.input.sea ? "to win at" : "to take"} {b.territory}
                    </span>
                  ))}{" "}
                  {!readOnly ? (
                    <button
                      type="button"
                      className="button button-quiet button-small"
                      onClick={() => {
                        if (sel?.orderId === o.id) setSel(null);
                        orders.remove(o.id);
                      }}
                      aria-label={`Undo order ${o.id}`}
                      data-testid={`map-undo-${o.id}`}
                    >
                      Undo
                    </button>
                  ) : null}
                  {refusal ? (
                    <p className="refusal" role="alert">
                      Refused, rule <strong>{refusal.rule}</strong>: {refusal.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {!readOnly && draft.length > 0 ? (
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => {
                setSel(null);
                orders.clear();
              }}
              data-testid={`map-clear-${s}`}
            >
              Clear all orders
            </button>
          ) : null}
          {!readOnly && holding.length > 0 ? (
            <details className={confirmLock ? "note" : "small"} open={confirmLock} data-testid={`map-unordered-${s}`}>
              <summary>
                {holding.length} {holding.length === 1 ? "territory has" : "territories have"} units without orders: they will hold.
              </summary>
              <ul className="small">
                {holding.map((h) => (
                  <li key={h.at}>
                    {h.at}: {countsText(h.units)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {orders.message ? (
            <p className={Object.keys(orders.refusals).length ? "alert" : "success"} role="status" data-testid={`map-save-message-${s}`}>
              {orders.message}
            </p>
          ) : null}
          {orders.error ? (
            <p className="alert" role="alert">
              {errorText(orders.error)}
            </p>
          ) : null}
          <div className="actions">
            {!readOnly ? (
              <button type="button" className="button" disabled={orders.busy} onClick={() => void saveAndLock()} data-testid={`map-lock-${s}`} ref={lockButton} style={{ scrollMarginBottom: "1rem" }}>
                {confirmLock ? "Lock anyway" : orders.dirty ? "Save and lock" : "Lock"}
              </button>
            ) : null}
            {!readOnly && orders.dirty ? (
              <button type="button" className="button button-secondary" disabled={orders.busy} onClick={() => void orders.save().catch(() => {})} data-testid={`map-save-${s}`}>
                Save
              </button>
            ) : null}
            {locked && phaseOpen ? (
              <button type="button" className="button button-quiet" disabled={orders.busy} onClick={orders.unlock} data-testid={`map-unlock-${s}`}>
                Unlock
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
