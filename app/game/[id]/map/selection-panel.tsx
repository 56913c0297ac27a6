"use client";
// The selected group of the map's orders (map-orders.tsx): its counts, path and the choices its units
// have (stealth, raid, bombardment, a transport's load and landing), and where it may move next.
// Loaded lazily by map-orders.tsx (with its counts), so none of it is in the game page's first load.
import { useEffect, useRef } from "react";
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { countsText, sentence, unitName } from "../../../components/format";
import { neighboursOf, slug, type Board } from "../game-types";
import { isSeaZone } from "./map-geometry";
import { SelectionCounts } from "./selection-counts";
import { bombardTargets, freeAt, selectAllHere, setCount, setLoad, type DraftOrder, type Selection } from "./order-draft";


const LAND_CARGO: readonly UnitType[] = ["infantry", "artillery", "armour"];

export function SelectionPanel(props: {
  nation: Nation;
  board: Board;
  draft: DraftOrder[];
  active: Selection;
  /** The legal destinations of the selection (from orders.destinations); empty while they are fetched. */
  targets: readonly { territory: string }[];
  finding: boolean;
  unloads: readonly string[];
  apply: (next: Selection | null) => void;
  onTarget: (territory: string) => void;
  onUnload: (territory: string) => void;
  onDone: () => void;
}) {
  const { nation, board, draft, active, targets, unloads, apply, onTarget, onUnload } = props;
  const s = slug(nation);
  const selFree = freeAt(board.units, nation, active.from, draft, active.orderId);
  const hasTransport = (active.units.transport ?? 0) > 0;
  const onlySubs = Object.keys(active.units).every((t) => t === "submarine");
  const hasBombers = (active.units.bomber ?? 0) > 0;
  // R4.7 — where a transport at its starting zone can load from: land next to it with this nation's free land units.
  const loadSources = hasTransport
    ? neighboursOf(active.from)
        .filter((t) => !isSeaZone(t))
        .map((t) => ({ t, units: Object.fromEntries(Object.entries(freeAt(board.units, nation, t, draft, active.orderId)).filter(([k]) => LAND_CARGO.includes(k as UnitType))) as UnitCounts }))
        .filter((x) => Object.keys(x.units).length > 0)
    : [];

  // A new selection's counts and destinations are brought into view in the panel (a phone's sheet
  // shows little of it).
  const selectionBox = useRef<HTMLDivElement>(null);
  const selectedAt = `${active.from}|${active.orderId ?? ""}`;
  useEffect(() => {
    selectionBox.current?.scrollIntoView({ block: "start", behavior: "instant" });
  }, [selectedAt]);

  return (
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
        <span className="small">{targets.length ? "Move to:" : props.finding ? "Finding destinations…" : "No further destinations."}</span>
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
        <button type="button" className="button button-small" onClick={props.onDone} data-testid={`map-done-${s}`}>
          {active.orderId ? "Done" : "Cancel"}
        </button>
      </div>
    </div>
  );
}
