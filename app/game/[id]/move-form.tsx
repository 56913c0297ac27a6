"use client";
// The plain form that adds one move to the draft: from, the units that move, the path, and the
// advanced parts of a move (stealth, raid, transports, bombardment). The server checks the order (R4.11).
import { useId, useMemo, useState, type FormEvent } from "react";
import { UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "../../../server/rulesets/1942/engine/types";
import { sentence, unitName } from "../../components/format";
import { nextId, type DraftOrder as Order } from "./draft-order-id";
import { SEA_ZONES, TERRITORIES, neighboursOf, slug, type Board } from "./game-types";
import styles from "./orders-editor.module.css";

const MOVABLE: readonly UnitType[] = UNIT_TYPES.filter((t) => t !== "aaGun" && t !== "factory");

export function MoveForm({ nation, units, draft, onAdd }: { nation: Nation; units: Board["units"]; draft: Order[]; onAdd: (o: Order) => void }) {
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
