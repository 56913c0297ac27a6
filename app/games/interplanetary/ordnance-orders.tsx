// The side's ordnance in flight (IP2.1): each piece's gravity choices (IP4.3, IP4.4), a torpedo's burn
// while it has fuel (IP6.2), and for a rocket, missile or torpedo what it attacks at its tip: a named
// enemy ship or piece of ordnance (IP6.4, IP6.6), the first enemy ship there by id, or nothing (hold).
import { ORDNANCE } from "../../../server/rulesets/interplanetary/ordnance-data";
import type { Ordnance, OrdnanceOrders, Orders } from "../../../server/rulesets/interplanetary/types";
import { BurnSelect, GravityFields } from "./gravity-fields";
import { withGravity, withOrdnance } from "./plot-draft";
import styles from "./screen.module.css";

type Aim = { target?: string; hold?: boolean };

/** What a weapon attacks at its tip (IP6.6): "" the first enemy ship there, "hold" nothing, else the one named. */
export function AimSelect({ aim, targets, disabled, onChange, testId }: { aim: Aim | undefined; targets: string[]; disabled: boolean; onChange(aim: Aim): void; testId: string }) {
  const value = aim?.hold ? "hold" : (aim?.target ?? "");
  return (
    <label className={styles.field}>
      Its target at the tip (IP6.6)
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value === "hold" ? { hold: true } : e.target.value ? { target: e.target.value } : {})} data-testid={testId}>
        <option value="">the first enemy ship there</option>
        {targets.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
        <option value="hold">hold: attack nothing this turn</option>
      </select>
    </label>
  );
}

export interface OrdnanceOrdersProps {
  /** The side's own ordnance in play. */
  pieces: Ordnance[];
  /** Enemy ships and enemy ordnance a weapon may name (IP6.4, IP6.6). */
  targets: string[];
  draft: Orders;
  onChange(draft: Orders): void;
  disabled: boolean;
}

export function OrdnanceOrdersForm({ pieces, targets, draft, onChange, disabled }: OrdnanceOrdersProps) {
  const shown = pieces.filter((p) => ORDNANCE[p.kind].attacks === "tip" || p.fuel > 0 || p.pending.length > 0);
  if (shown.length === 0) return null;
  return (
    <div className={styles.orders} data-testid="ordnance-orders">
      {shown.map((p) => {
        const o: OrdnanceOrders = draft.ordnance?.[p.id] ?? {};
        const set = (patch: Partial<Record<keyof OrdnanceOrders, unknown>>) => onChange(withOrdnance(draft, p.id, patch));
        return (
          <fieldset key={p.id} className={styles.piece} data-testid={`ordnance-${p.id}`}>
            <legend>
              {p.id}, {p.kind}
              {p.turnsLeft === null ? "" : ` · ${p.turnsLeft} turn${p.turnsLeft === 1 ? "" : "s"} left (IP6.3)`}
            </legend>
            {p.fuel > 0 ? (
              <label className={styles.field}>
                Burn (its fuel: {p.fuel}, IP6.2)
                <BurnSelect value={o.burn} disabled={disabled} onChange={(burn) => set({ burn })} testId={`ordnance-burn-${p.id}`} />
              </label>
            ) : null}
            <GravityFields pending={p.pending} chosen={o.gravity} disabled={disabled} onChoose={(hex, choice, byDefault) => onChange(withGravity(draft, p.id, hex, choice, byDefault, "ordnance"))} testId={(hex) => `ordnance-gravity-${p.id}-${hex}`} />
            {ORDNANCE[p.kind].attacks === "tip" ? <AimSelect aim={o} targets={targets} disabled={disabled} onChange={(aim) => set({ target: aim.target, hold: aim.hold })} testId={`ordnance-target-${p.id}`} /> : null}
          </fieldset>
        );
      })}
    </div>
  );
}
