"use client";
// The plain form that adds one purchase to the draft, with suggested factories and sea zones; the
// server decides where units may be placed (R4.10).
import { useId, useState, type FormEvent } from "react";
import { UNIT_TYPES, type Nation, type UnitType } from "../../../server/rulesets/1942/engine/types";
import { UNIT_STATS } from "../../../server/rulesets/1942/engine/units";
import { unitName } from "../../components/format";
import { nextId, type DraftOrder as Order } from "./draft-order-id";
import { SEA_ZONES, TERRITORIES, neighboursOf, slug, type Board } from "./game-types";
import { unitPrice } from "./prices";
import styles from "./orders-editor.module.css";

export function PurchaseForm({ nation, board, draft, onAdd, vcFactories }: { nation: Nation; board: Board; draft: Order[]; onAdd: (o: Order) => void; vcFactories: boolean }) {
  const uid = useId();
  const s = slug(nation);
  const [type, setType] = useState<UnitType>("infantry");
  const [count, setCount] = useState("1");
  const [destination, setDestination] = useState("");
  const [from, setFrom] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ship = UNIT_STATS[type].medium === "sea";

  // Suggestions only; the server decides (R4.10).
  const owned = Object.entries(board.owners)
    .filter(([, n]) => n === nation)
    .map(([t]) => t);
  const factories = new Set(board.units.filter((u) => u.type === "factory").map((u) => u.at));
  const myFactories = owned.filter((t) => factories.has(t)).sort((a, b) => a.localeCompare(b));
  const destinations =
    type === "factory"
      ? owned.filter((t) => !factories.has(t)).sort((a, b) => a.localeCompare(b))
      : ship
        ? [...new Set(myFactories.flatMap((f) => neighboursOf(f).filter((z) => SEA_ZONES.has(z))))].sort((a, b) => a.localeCompare(b))
        : myFactories;
  const shipFrom = ship && destination ? myFactories.filter((f) => neighboursOf(f).includes(destination)) : myFactories;

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 99) return setError("Count must be a whole number from 1 to 99.");
    if (!TERRITORIES.includes(destination.trim())) return setError("Pick a destination from the list.");
    if (ship && !TERRITORIES.includes(from.trim())) return setError("Ships need the factory territory they are built at (From).");
    const order: Order = { id: nextId(draft, "p"), type, count: n, destination: destination.trim() };
    if (ship) order.from = from.trim();
    setError(null);
    onAdd(order);
    setCount("1");
  }

  return (
    <form className={`form ${styles.orderForm}`} onSubmit={submit} data-testid={`purchase-form-${s}`} noValidate>
      <h3>Add a purchase</h3>
      <div className="form-row">
        <div>
          <label htmlFor={`${uid}-type`}>Type</label>
          <select id={`${uid}-type`} value={type} onChange={(e) => setType(e.target.value as UnitType)} data-testid={`purchase-type-${s}`}>
            {UNIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {unitName(t)} — {UNIT_STATS[t].cost}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${uid}-count`}>Count</label>
          <input
            id={`${uid}-count`}
            type="number"
            min={1}
            max={99}
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            data-testid={`purchase-count-${s}`}
          />
        </div>
      </div>
      <label htmlFor={`${uid}-dest`}>{ship ? "Sea zone" : type === "factory" ? "Territory for the factory" : "Factory territory"}</label>
      <input
        id={`${uid}-dest`}
        list={`${uid}-dests`}
        value={destination}
        onChange={(e) => setDestination(e.target.value)}
        autoComplete="off"
        data-testid={`purchase-destination-${s}`}
      />
      <datalist id={`${uid}-dests`}>
        {destinations.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {ship ? (
        <>
          <label htmlFor={`${uid}-from`}>Built at (factory territory next to the zone)</label>
          <input id={`${uid}-from`} list={`${uid}-froms`} value={from} onChange={(e) => setFrom(e.target.value)} autoComplete="off" />
          <datalist id={`${uid}-froms`}>
            {shipFrom.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </>
      ) : null}
      <p className="muted small">Cost: {unitPrice(type, destination, vcFactories) * (Number(count) || 0)}</p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-secondary" data-testid={`add-purchase-${s}`}>
        Add purchase to draft
      </button>
    </form>
  );
}
