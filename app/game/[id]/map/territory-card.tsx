"use client";
// The card of one territory, shown over the map when it is hovered (use-territory-card.ts) or tapped: its name, owner and
// IPC value, the units there by nation, its factory and AA gun, and the draft's attacks on it.
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { countsText } from "../../../components/format";
import { VALUE, slug, type UnitStack } from "../game-types";
import type { OddsInput } from "../../../../server/rulesets/1942/engine/odds";
import { oddsQuery } from "../../../odds/to-query";
import { territoryBattle } from "./attack-odds";
import { capitalOf, isSeaZone, victoryCitiesIn } from "./map-geometry";
import styles from "./board-map.module.css";

export interface CardAttack {
  id: string;
  from: string;
  units: Record<string, number | undefined>;
}

export function TerritoryCard(props: {
  territory: string;
  owners: Record<string, Nation>;
  units: readonly UnitStack[];
  attacks?: readonly CardAttack[];
  /** The calculator's battle for "fill from this territory"; default: the units there defending. */
  battle?: OddsInput;
  onClose: () => void;
  /** Shown by hovering: it takes no clicks (no close button, no link) and stands on `side`. */
  hover?: boolean;
  side?: "left" | "right";
}) {
  const { territory, owners, units, attacks = [], onClose, hover = false } = props;
  const here = units.filter((u) => u.at === territory);
  const nations = [...new Set(here.map((u) => u.nation))];
  const owner = owners[territory];
  const sea = isSeaZone(territory);
  const capital = capitalOf(territory);
  const cities = victoryCitiesIn(territory);
  const battle = props.battle ?? territoryBattle({ units, owners }, territory);
  const canPrice = Object.keys(battle.attacker).length > 0 || Object.keys(battle.defender).length > 0;
  const counts = (list: readonly UnitStack[]) => Object.fromEntries(list.map((u) => [u.type, u.count]));
  return (
    <div
      className={`${styles.card} ${hover ? styles.cardHover : ""} ${props.side === "right" ? styles.cardRight : ""}`}
      role={hover ? "tooltip" : "dialog"}
      aria-label={`About ${territory}`}
      data-testid={`territory-card-${slug(territory)}`}
      data-hover={hover ? "1" : "0"}
    >
      {hover ? null : (
        <button type="button" className={styles.cardClose} onClick={onClose} aria-label="Close">
          ✕
        </button>
      )}
      <strong>{territory}</strong>
      <div className="small muted">
        {sea ? "Sea zone" : owner ? `${owner} · IPC ${VALUE.get(territory) ?? 0}` : `IPC ${VALUE.get(territory) ?? 0}`}
        {capital ? ` · capital of ${capital}` : ""}
        {cities.length ? ` · victory city ${cities.map((c) => c.name).join(", ")}` : ""}
      </div>
      {nations.length === 0 ? <div className="small">No units.</div> : null}
      {nations.map((n) => {
        const mine = here.filter((u) => u.nation === n);
        const standing = mine.filter((u) => !u.aboard && u.type !== "factory" && u.type !== "aaGun");
        const aboard = mine.filter((u) => u.aboard);
        const works = mine.filter((u) => u.type === "factory" || u.type === "aaGun");
        return (
          <div key={n} className="small" data-testid={`territory-card-units-${slug(n)}`}>
            <strong>{n}:</strong> {standing.length ? countsText(counts(standing)) : "—"}
            {aboard.length ? `; aboard ${countsText(counts(aboard))}` : ""}
            {works.length ? `; ${works.map((u) => (u.type === "factory" ? "factory" : "AA gun")).join(", ")}` : ""}
          </div>
        );
      })}
      {attacks.length ? (
        <div className="small" data-testid="territory-card-attacks">
          <strong>Your attack:</strong> {attacks.map((a) => `${countsText(a.units as never)} from ${a.from} (${a.id})`).join("; ")}
        </div>
      ) : null}
      {canPrice && !hover ? (
        <a className="small" href={`/calculator?${oddsQuery(battle)}`} target="_blank" rel="noopener" data-testid="territory-card-calculator">
          Fill the odds calculator from here
        </a>
      ) : null}
    </div>
  );
}
