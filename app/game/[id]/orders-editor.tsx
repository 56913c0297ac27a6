"use client";
// The orders of one nation: a draft list built with two plain forms, saved whole (the server checks
// every order, R4.11), then locked. A refused save keeps the draft and shows each refusal beside its order.
import { useId, useMemo, useState, type FormEvent } from "react";
import { UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "../../../server/rulesets/1942/engine/types";
import { UNIT_STATS } from "../../../server/rulesets/1942/engine/units";
import { errorText, orderText, sentence, unitName, type OrderLike } from "../../components/format";
import { SEA_ZONES, TERRITORIES, neighboursOf, slug, type Board } from "./game-types";
import { unitPrice } from "./prices";
import type { OrderDraft } from "./use-order-draft";
import styles from "./orders-editor.module.css";

type Order = OrderLike & { id: string };

const MOVABLE: readonly UnitType[] = UNIT_TYPES.filter((t) => t !== "aaGun" && t !== "factory");

function nextId(list: Order[], prefix: string): string {
  let n = list.length + 1;
  while (list.some((o) => o.id === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export function OrdersEditor(props: {
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  saved: Order[];
  board: Board;
  /** The draft, shared with the map (use-order-draft.ts). */
  orders: OrderDraft;
  /** House rule R9.2: factories cost less where victory cities are. */
  vcFactories?: boolean;
}) {
  const { nation, phaseOpen, locked, saved, board, orders, vcFactories = false } = props;
  const s = slug(nation);
  const { draft, refusals, message, dirty, busy, add, remove } = orders;
  const readOnly = locked || !phaseOpen;
  const mutationError = orders.error;

  const myUnits = board.units.filter((u) => u.nation === nation);
  const purchaseCost = draft.reduce((sum, o) => (o.type && o.count ? sum + unitPrice(o.type, o.destination ?? "", vcFactories) * o.count : sum), 0);

  return (
    <section className="card orders" aria-labelledby={`orders-${s}`} data-testid={`orders-${s}`}>
      <h2 id={`orders-${s}`}>
        Orders for {nation}{" "}
        {locked ? (
          <span className="tag tag-locked" data-testid={`locked-tag-${s}`}>
            locked
          </span>
        ) : null}
      </h2>
      <p className="muted small">
        Treasury {board.treasury[nation]} · purchases in the draft cost {purchaseCost}. Units without an order hold. Nobody sees your orders
        until the turn resolves.
      </p>

      <h3>Draft</h3>
      {draft.length === 0 ? <p className="muted">No orders in the draft: every unit holds.</p> : null}
      <ol className="order-list" data-testid={`draft-${s}`}>
        {draft.map((o) => {
          const refusal = refusals[o.id];
          return (
            <li key={o.id} className={refusal ? "order refused" : "order"} data-testid={`draft-order-${o.id}`}>
              <div className={styles.orderLine}>
                <span>
                  <code>{o.id}</code> {orderText(o)}
                </span>
                {!readOnly ? (
                  <button type="button" className="button button-quiet button-small" onClick={() => remove(o.id)} aria-label={`Remove order ${o.id}`}>
                    Remove
                  </button>
                ) : null}
              </div>
              {refusal ? (
                <p className="refusal" role="alert" data-testid={`refusal-${o.id}`}>
                  Refused, rule <strong>{refusal.rule}</strong>: {refusal.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      {message ? (
        <p className={Object.keys(refusals).length ? "alert" : "success"} role="status" data-testid={`save-message-${s}`}>
          {message}
        </p>
      ) : null}
      {mutationError ? (
        <p className="alert" role="alert">
          {errorText(mutationError)}
        </p>
      ) : null}

      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={readOnly || busy || !dirty}
          onClick={() => void orders.save().catch(() => {})}
          data-testid={`save-${s}`}
        >
          {orders.saving ? "Saving…" : "Save"}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={locked || !phaseOpen || busy || dirty}
          onClick={orders.lock}
          data-testid={`lock-${s}`}
          title={dirty ? "Save your draft before locking" : undefined}
        >
          {orders.locking ? "Locking…" : "Lock"}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={!locked || !phaseOpen || busy}
          onClick={orders.unlock}
          data-testid={`unlock-${s}`}
        >
          Unlock
        </button>
        {dirty && !readOnly ? <span className="muted small">Unsaved changes: save before you lock.</span> : null}
        {!phaseOpen ? <span className="muted small">This phase is closed to changes.</span> : null}
      </div>

      {!readOnly ? (
        <div className={styles.orderForms}>
          <MoveForm nation={nation} units={myUnits} draft={draft} onAdd={add} />
          <PurchaseForm nation={nation} board={board} draft={draft} onAdd={add} vcFactories={vcFactories} />
        </div>
      ) : locked ? (
        <p className="muted small">Your orders are locked. Unlock to change them (possible until the last nation locks).</p>
      ) : null}

      <h3>Saved orders</h3>
      {saved.length === 0 ? (
        <p className="muted" data-testid={`saved-${s}`}>
          Nothing saved yet.
        </p>
      ) : (
        <ol className="order-list" data-testid={`saved-${s}`}>
          {saved.map((o) => (
            <li key={o.id} className="order">
              <code>{o.id}</code> {orderText(o)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MoveForm({ nation, units, draft, onAdd }: { nation: Nation; units: Board["units"]; draft: Order[]; onAdd: (o: Order) => void }) {
  const uid = useId();
  const s = slug(nation);
  const [from, setFrom] = useState("");
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [path, setPath] = useState("");
  const [stealth, setStealth] = useState(false);
  const [raid, setRaid] = useState(false);
  const [unload, setUnload] = useState("");
  const [bombard, setBombard] = useState("");
  const [load, setLoad] = useState("");
  const [error, setError] = useState<string | null>(null);

  const sources = useMemo(
    () => [...new Set(units.filter((u) => !u.aboard && MOVABLE.includes(u.type)).map((u) => u.at))].sort((a, b) => a.localeCompare(b)),
    [units],
  );
  const here = units.filter((u) => u.at === from && !u.aboard && MOVABLE.includes(u.type));
  const claimed = (type: UnitType) =>
    draft.filter((o) => o.from === from && o.units).reduce((sum, o) => sum + (o.units?.[type] ?? 0), 0);
  const steps = path
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const last = steps.length ? steps[steps.length - 1]! : from;
  const next = TERRITORIES.includes(last) ? neighboursOf(last) : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    const unitCounts: UnitCounts = {};
    for (const u of here) {
      const n = Number(counts[u.type] ?? 0);
      if (n > 0) unitCounts[u.type] = n;
    }
    if (!sources.includes(from)) return setError(`Choose a territory where ${nation} has units.`);
    if (Object.keys(unitCounts).length === 0) return setError("Give at least one unit a count above 0.");
    const unknown = [...steps, unload.trim(), bombard.trim()].filter((t) => t && !TERRITORIES.includes(t));
    if (unknown.length) return setError(`Unknown territory: ${unknown.join(", ")}. Pick names from the list.`);
    const order: Order = { id: nextId(draft, "m"), units: unitCounts, from, path: steps };
    if (stealth) order.stealth = true;
    if (raid) order.raid = true;
    if (unload.trim()) order.unload = unload.trim();
    if (bombard.trim()) order.bombard = bombard.trim();
    if (load.trim()) {
      try {
        const parsed = JSON.parse(load) as Order["load"];
        if (!parsed || typeof parsed.from !== "string" || typeof parsed.atStep !== "number" || typeof parsed.units !== "object")
          throw new Error("shape");
        order.load = { from: parsed.from, units: parsed.units, atStep: parsed.atStep };
      } catch {
        return setError('Load must be JSON like {"from": "Germany", "units": {"infantry": 2}, "atStep": 0}.');
      }
    }
    setError(null);
    onAdd(order);
    setCounts({});
    setPath("");
    setStealth(false);
    setRaid(false);
    setUnload("");
    setBombard("");
    setLoad("");
  }

  return (
    <form className={`form ${styles.orderForm}`} onSubmit={submit} data-testid={`move-form-${s}`} noValidate>
      <h3>Add a move</h3>
      <label htmlFor={`${uid}-from`}>From</label>
      <input
        id={`${uid}-from`}
        list={`${uid}-sources`}
        value={from}
        onChange={(e) => {
          setFrom(e.target.value);
          setCounts({});
        }}
        placeholder="A territory with your units"
        autoComplete="off"
        data-testid={`move-from-${s}`}
      />
      <datalist id={`${uid}-sources`}>
        {sources.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      {here.length > 0 ? (
        <fieldset className="unit-counts">
          <legend>Units that move</legend>
          {here.map((u) => {
            const taken = claimed(u.type);
            return (
              <label key={u.type} className="unit-count">
                <span>
                  {unitName(u.type, 2)} <span className="muted small">(of {u.count}{taken ? `, ${taken} already ordered` : ""})</span>
                </span>
                <input
                  type="number"
                  min={0}
                  max={u.count}
                  inputMode="numeric"
                  value={counts[u.type] ?? ""}
                  placeholder="0"
                  onChange={(e) => setCounts((c) => ({ ...c, [u.type]: e.target.value }))}
                  data-testid={`move-count-${s}-${u.type}`}
                />
              </label>
            );
          })}
        </fieldset>
      ) : from ? (
        <p className="muted small">{sentence(`${nation} has no units that can move in ${from}`)}</p>
      ) : null}

      <label htmlFor={`${uid}-path`}>Path (territories entered, separated by commas; empty to stay)</label>
      <input
        id={`${uid}-path`}
        list={`${uid}-all`}
        value={path}
        onChange={(e) => setPath(e.target.value)}
        placeholder="East Europe, Ukraine S.S.R."
        autoComplete="off"
        data-testid={`move-path-${s}`}
      />
      {next.length > 0 ? (
        <div className={styles.nextSteps} aria-label={`Next step from ${last}`}>
          <span className="muted small">Next from {last}:</span>
          {next.map((t) => (
            <button key={t} type="button" className="chip" onClick={() => setPath(steps.length ? `${steps.join(", ")}, ${t}` : t)}>
              {SEA_ZONES.has(t) ? "⚓ " : ""}
              {t}
            </button>
          ))}
        </div>
      ) : null}

      <details className={styles.advanced}>
        <summary>Advanced: stealth, raid, transports, bombardment</summary>
        <label className="checkbox">
          <input type="checkbox" checked={stealth} onChange={(e) => setStealth(e.target.checked)} /> Stealth (submarines only, R4.4)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={raid} onChange={(e) => setRaid(e.target.checked)} /> Industrial raid (bombers only, R4.9)
        </label>
        <label htmlFor={`${uid}-unload`}>Unload into (transports, R4.7)</label>
        <input id={`${uid}-unload`} list={`${uid}-all`} value={unload} onChange={(e) => setUnload(e.target.value)} autoComplete="off" />
        <label htmlFor={`${uid}-bombard`}>Bombard (battleships, R4.8)</label>
        <input id={`${uid}-bombard`} list={`${uid}-all`} value={bombard} onChange={(e) => setBombard(e.target.value)} autoComplete="off" />
        <label htmlFor={`${uid}-load`}>Load (transports, R4.7) as JSON</label>
        <textarea
          id={`${uid}-load`}
          rows={2}
          value={load}
          onChange={(e) => setLoad(e.target.value)}
          placeholder='{"from": "Germany", "units": {"infantry": 2}, "atStep": 0}'
        />
      </details>
      <datalist id={`${uid}-all`}>
        {TERRITORIES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-secondary" data-testid={`add-move-${s}`}>
        Add move to draft
      </button>
    </form>
  );
}

function PurchaseForm({ nation, board, draft, onAdd, vcFactories }: { nation: Nation; board: Board; draft: Order[]; onAdd: (o: Order) => void; vcFactories: boolean }) {
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
