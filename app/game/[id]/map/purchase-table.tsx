"use client";
// The purchase table (R4.10), loaded when the purchases are first opened: each type's attack, defence,
// move and cost, count steppers, only the placements the engine accepts for one more unit
// (orders.placements), each factory's room left, and a factory that cannot take one more refused with
// the engine's reason (R4.10). A place the money left does not pay for is not refused: the row says
// so in a neutral note ("No money left"). Laid out to fit a 390 px phone.
import { Fragment, useState } from "react";
import { UNIT_TYPES, type Nation, type UnitType } from "../../../../server/rulesets/1942/engine/types";
import { UNIT_STATS } from "../../../../server/rulesets/1942/engine/units";
import { unitName } from "../../../components/format";
import { slug } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { nextOrderId, type DraftOrder } from "./order-draft";
import type { FactoryRoom } from "../../../../server/rulesets/1942/engine/orders/factory-room";
import type { PurchaseOptions } from "../../../../server/rulesets/1942/queries/placements";
import styles from "./purchase-panel.module.css";

/** A legal place for one more unit, one the money left does not pay for, or a factory that refuses it (with the engine's reason). */
interface Place {
  destination: string;
  from?: string;
  cost: number;
  refusal?: string;
  short?: boolean;
}
const placeKey = (p: Place) => `${p.destination}|${p.from ?? ""}`;

/** 3.5 → "3½": R4.10 counts infantry as half a unit. */
const units = (n: number) => `${Math.floor(n) || (n % 1 ? "" : "0")}${n % 1 ? "½" : ""}`;

/** Each factory's room left this turn, under the rule that sets it. */
function FactoryRoomLine({ rooms, nationSlug }: { rooms: FactoryRoom[]; nationSlug: string }) {
  const rule = rooms[0]!.rule;
  return (
    <p className={styles.room} data-testid={`map-factory-room-${nationSlug}`}>
      {rule === "R4.10" ? "Factory room left (R4.10, infantry count ½): " : "Factory output left (R9.2, credits of units other than infantry): "}
      {rooms.map((f, k) => (
        <span key={f.territory} data-testid={`map-factory-room-${nationSlug}-${slug(f.territory)}`}>
          {k > 0 ? " · " : ""}
          {f.territory} <strong>{f.measure === "units" ? units(f.left) : f.left}</strong> of {f.limit}
        </span>
      ))}
    </p>
  );
}

export function PurchaseTable({ nation, orders, data }: { nation: Nation; orders: OrderDraft; data: PurchaseOptions | undefined }) {
  const s = slug(nation);
  const draft = orders.draft as DraftOrder[];
  // The chosen place per type, by its key (the list changes as purchases fill factories).
  const [choice, setChoice] = useState<Partial<Record<UnitType, string>>>({});

  function buy(type: UnitType, place: Place | undefined) {
    if (!place || place.refusal || place.short) return;
    // One more of a purchase already in the draft for the same place, or a new purchase.
    const same = draft.find((o) => o.type === type && o.destination === place.destination && (o.from ?? "") === (place.from ?? ""));
    if (same) orders.setDraft(draft.map((o) => (o === same ? { ...o, count: (o.count ?? 0) + 1 } : o)));
    else orders.setDraft([...draft, { id: nextOrderId(draft, "p"), type, count: 1, destination: place.destination, ...(place.from ? { from: place.from } : {}) }]);
  }

  /** One fewer of this type: from its last purchase in the draft (the order goes when it reaches 0). */
  function unbuy(type: UnitType) {
    const last = [...draft].reverse().find((o) => o.type === type && (o.count ?? 0) > 0);
    if (!last) return;
    if ((last.count ?? 0) <= 1) orders.remove(last.id);
    else orders.setDraft(draft.map((o) => (o === last ? { ...o, count: (o.count ?? 0) - 1 } : o)));
  }
  const bought = (type: UnitType) => draft.filter((o) => o.type === type).reduce((n, o) => n + (o.count ?? 0), 0);

  return (
    <>
      {data && data.factories.length > 0 ? <FactoryRoomLine rooms={data.factories} nationSlug={s} /> : null}
      {data && UNIT_TYPES.some((t) => data.unaffordable[t].length > 0) ? (
        <p className={styles.noMoney} id={`map-no-money-${s}`} data-testid={`map-no-money-${s}`}>
          {data.left <= 0 ? `No money left: all ${data.treasury} credits are spent.` : `${data.left} ${data.left === 1 ? "credit" : "credits"} left: units that cost more cannot be bought.`}
        </p>
      ) : null}
      {data ? (
        <table className={styles.table} data-testid={`map-purchase-table-${s}`}>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col" title="attack / defence / move">
                A/D/M
              </th>
              <th scope="col">Cost</th>
              <th scope="col">Buy</th>
            </tr>
          </thead>
          <tbody>
            {UNIT_TYPES.filter((t) => data.placements[t].length + data.unaffordable[t].length + data.refused[t].length > 0 || bought(t) > 0).map((t) => {
              const short = data.unaffordable[t].map((p): Place => ({ ...p, short: true }));
              const places: Place[] = [...data.placements[t], ...short, ...data.refused[t]].sort((a, b) => placeKey(a).localeCompare(placeKey(b)));
              const place = places.find((p) => placeKey(p) === choice[t]) ?? places.find((p) => !p.refusal && !p.short) ?? places.find((p) => !p.refusal) ?? places[0];
              const stats = UNIT_STATS[t];
              const n = bought(t);
              return (
                <Fragment key={t}>
                  <tr>
                    <th scope="row">
                      {unitName(t)}
                      {places.length > 1 ? (
                        <select value={place ? placeKey(place) : ""} onChange={(e) => setChoice((c) => ({ ...c, [t]: e.target.value }))} data-testid={`map-place-${s}-${t}`} aria-label={`Where to place ${unitName(t)}`}>
                          {places.map((p) => (
                            <option key={placeKey(p)} value={placeKey(p)}>
                              {p.destination}
                              {p.from ? ` (built at ${p.from})` : ""}
                              {p.refusal ? " (refused)" : ""}
                            </option>
                          ))}
                        </select>
                      ) : places.length === 1 ? (
                        <span className="muted" data-testid={`map-place-${s}-${t}`}>
                          {" "}
                          at {places[0]!.destination}
                        </span>
                      ) : null}
                    </th>
                    <td>
                      {stats.attack}/{stats.defense}/{stats.move}
                    </td>
                    <td>{place?.cost ?? stats.cost}</td>
                    <td className={styles.stepper}>
                      <button type="button" className="chip" disabled={n === 0} onClick={() => unbuy(t)} aria-label={`One ${unitName(t)} fewer`} data-testid={`map-unbuy-${s}-${t}`}>
                        −
                      </button>
                      <output aria-label={`${unitName(t, 2)} bought`} data-testid={`map-bought-${s}-${t}`}>
                        {n}
                      </output>
                      <button
                        type="button"
                        className="chip"
                        disabled={!place || place.refusal !== undefined || place.short === true}
                        onClick={() => buy(t, place)}
                        aria-label={`One more ${unitName(t)}`}
                        aria-describedby={place?.refusal ? `map-refused-${s}-${t}` : place?.short ? `map-no-money-${s}` : undefined}
                        data-testid={`map-buy-${s}-${t}`}
                      >
                        +
                      </button>
                    </td>
                  </tr>
                  {place?.refusal ? (
                    <tr>
                      <td colSpan={4} className={styles.refusal} id={`map-refused-${s}-${t}`} data-testid={`map-refused-${s}-${t}`}>
                        {place.refusal}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted">Finding where you may place…</p>
      )}
      {data && data.left > 0 && UNIT_TYPES.every((t) => data.placements[t].length === 0) ? <p className="muted">Nothing more can be bought now.</p> : null}
    </>
  );
}
