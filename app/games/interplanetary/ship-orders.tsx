// One own ship's orders (IP2.1): burn, gravity choices, takeoff or landing, a launch with its burns,
// and a target per gun with the exact odds of the shot (IP7.2, IP7.5) against the target's drift
// (its side's plot is secret until the turn resolves).
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { ORDNANCE } from "../../../server/rulesets/interplanetary/ordnance-data";
import { workingGuns } from "../../../server/rulesets/interplanetary/damage";
import { DIRS, equal, type Dir } from "../../../server/rulesets/interplanetary/hex";
import { ghostCourse, launchBurns, mayBurn, shotOdds } from "../../../server/rulesets/interplanetary/plot-aid";
import { ORDNANCE_KINDS, type OrdnanceKind, type Orders, type Ship, type ShipOrders } from "../../../server/rulesets/interplanetary/types";
import type { ShipView } from "../../../server/rulesets/interplanetary/view";
import { BurnSelect, GravityFields } from "./gravity-fields";
import { AimSelect } from "./ordnance-orders";
import { withGravity, withShip } from "./plot-draft";
import styles from "./screen.module.css";

const pct = (p: number) => `${Math.round(p * 100)}%`;

export interface ShipOrdersProps {
  ship: ShipView;
  enemies: ShipView[];
  draft: Orders;
  noFireZone: (h: Ship["pos"]) => boolean;
  onChange(draft: Orders): void;
  disabled: boolean;
}

export function ShipOrdersForm({ ship, enemies, draft, noFireZone, onChange, disabled }: ShipOrdersProps) {
  const o: ShipOrders = draft.ships?.[ship.id] ?? {};
  const set = (patch: Partial<Record<keyof ShipOrders, unknown>>) => onChange(withShip(draft, ship.id, patch));
  const full = ship as Ship;
  const course = ghostCourse(ship, o.gravity, o.burn ? [o.burn] : []);
  const landBase = [...BOARD.bases.values()].find((b) => b.kind === "planet" && equal(b.hex, ship.pos) && b.body === ship.orbit);
  if (ship.status === "landed") {
    return (
      <div className={styles.orders} data-testid={`orders-${ship.id}`}>
        <p className={styles.note}>Landed at {BOARD.bases.get(ship.base ?? "")?.name ?? "a base"}: safe, refuelling (IP8.1).</p>
        <label className={styles.check}>
          <input type="checkbox" checked={!!o.takeoff} disabled={disabled} onChange={(e) => set({ takeoff: e.target.checked })} data-testid="takeoff" /> Take off to the hex above the base at speed 0 (IP5.2)
        </label>
      </div>
    );
  }
  const canBurn = mayBurn(full);
  const guns = workingGuns(full);
  const kinds = ORDNANCE_KINDS.filter((k) => (full.stock?.[k] ?? 0) > 0);
  const fire = o.fire ?? [];
  return (
    <div className={styles.orders} data-testid={`orders-${ship.id}`}>
      <fieldset className={styles.burns} disabled={disabled || !!o.land}>
        <legend>Burn {canBurn ? "(one fuel; or tap an endpoint on the map)" : ship.disabled ? "— disabled (IP7.6)" : "— no fuel"}</legend>
        {[null, ...DIRS].map((d) => (
          <button key={d ?? "none"} type="button" className={`${styles.burn} ${(o.burn ?? null) === d ? styles.on : ""}`} aria-pressed={(o.burn ?? null) === d} disabled={d !== null && !canBurn} onClick={() => set({ burn: d ?? undefined })} data-testid={`burn-${d ?? "none"}`}>
            {d ?? "none"}
          </button>
        ))}
      </fieldset>
      {course.crash ? <p className={styles.warn} data-testid="course-warning">This course crashes into {course.crash.body} (IP5.1).</p> : null}
      {course.left ? <p className={styles.warn} data-testid="course-warning">This course leaves the map (IP5.6).</p> : null}
      <GravityFields pending={ship.pending} chosen={o.gravity} disabled={disabled} onChoose={(hex, choice, byDefault) => onChange(withGravity(draft, ship.id, hex, choice, byDefault))} testId={(hex) => `gravity-${hex}`} />
      {landBase ? (
        <label className={styles.check}>
          <input type="checkbox" checked={!!o.land} disabled={disabled || !canBurn} onChange={(e) => set({ land: e.target.checked, burn: undefined })} data-testid="land" /> Land at {landBase.name} (one fuel, IP5.3)
        </label>
      ) : null}
      {kinds.length > 0 ? (
        <LaunchFields kinds={kinds} launch={o.launch} enemies={enemies.map((e) => e.id)} disabled={disabled || !!o.land || noFireZone(ship.pos)} onChange={(launch) => set({ launch })} />
      ) : null}
      {Array.from({ length: guns }, (_, gun) => {
        const target = enemies.find((e) => e.id === fire[gun]);
        const odds = target ? shotOdds(course, ghostCourse(target), target.manifest === "shown" ? (target as Ship) : null) : null;
        return (
          <div key={gun} className={styles.field}>
            <label>
              Gun {gun + 1} fires at
              <select
                value={fire[gun] ?? ""}
                disabled={disabled}
                onChange={(e) => {
                  const next = [...fire];
                  next[gun] = e.target.value;
                  set({ fire: next.filter(Boolean) });
                }}
                data-testid={`fire-${gun}`}
              >
                <option value="">nothing (returns fire, IP7.4)</option>
                {enemies.map((e) => (
                  <option key={e.id} value={e.id} disabled={noFireZone(ship.pos) || noFireZone(e.pos)}>
                    {e.id}
                  </option>
                ))}
              </select>
            </label>
            {odds ? (
              <p className={styles.odds} data-testid={`odds-${gun}`}>
                {odds.inRange
                  ? `Range ${odds.range}, relative velocity ${odds.relative}, modifier ${odds.modifier}: hit ${pct(odds.hit)}, disabled ${pct(odds.disable)}${odds.destroy === null ? "" : `, destroyed ${pct(odds.destroy)}`} — if ${target!.id} drifts`
                  : `Out of range (${odds.range} > 10) if ${target!.id} drifts`}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function LaunchFields({ kinds, launch, enemies, disabled, onChange }: { kinds: OrdnanceKind[]; launch: ShipOrders["launch"]; enemies: string[]; disabled: boolean; onChange(l: ShipOrders["launch"]): void }) {
  const burns = launch?.burns ?? [];
  return (
    <div className={styles.field}>
      <label>
        Launch (IP6.1)
        <select value={launch?.kind ?? ""} disabled={disabled} onChange={(e) => onChange(e.target.value ? { kind: e.target.value as OrdnanceKind } : undefined)} data-testid="launch-kind">
          <option value="">nothing</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {launch
        ? Array.from({ length: launchBurns(launch.kind) }, (_, i) => (
            <label key={i}>
              its burn {i + 1}
              <BurnSelect
                value={burns[i]}
                disabled={disabled}
                onChange={(burn) => {
                  const next = [...burns];
                  next[i] = burn as Dir;
                  onChange({ ...launch, burns: next.filter(Boolean) });
                }}
                testId={`launch-burn-${i}`}
              />
            </label>
          ))
        : null}
      {launch && ORDNANCE[launch.kind].attacks === "tip" ? (
        <AimSelect aim={launch} targets={enemies} disabled={disabled} onChange={(aim) => onChange({ kind: launch.kind, ...(launch.burns?.length ? { burns: launch.burns } : {}), ...aim })} testId="launch-target" />
      ) : null}
    </div>
  );
}
