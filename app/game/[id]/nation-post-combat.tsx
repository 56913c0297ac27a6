"use client";
// One nation's part of post-combat (R7): its aircraft's landings (list and map), its AA guns' moves,
// Save (the server checks the choices) and Lock (R7.3), through the given road.
import { useState } from "react";
import type { Nation, UnitType } from "../../../server/rulesets/1942/engine/types";
import { errorText } from "../../components/format";
import { AaMoves, type AaPicks } from "./aa-moves";
import { slug } from "./game-types";
import { aircraftOf, airName, groupKey, initialPicks, toLandings, type Picks, type Selected } from "./landing-picks";
import { LandingTable } from "./landing-table";
import { LandingMap, type LandingMapHost } from "./map/landing-map";
import { useClassicPort, type AaMove, type Mine, type PostCombatPort } from "./post-combat-port";

export function NationPostCombat({ gameId, nation, mine, onChanged, map, port }: { gameId: number; nation: Nation; mine: Mine; onChanged: () => void; map?: LandingMapHost; port?: PostCombatPort }) {
  const classic = useClassicPort(gameId);
  const road = port ?? classic;
  const [picks, setPicks] = useState<Picks>(() => initialPicks(mine.choices.air, mine.landings));
  const aircraft = aircraftOf(mine.choices.air, picks);
  // The first aircraft with a safe place in reach starts selected, so its places show at once.
  const [sel, setSel] = useState<Selected | null>(() => {
    const first = aircraft.find((a) => a.destinations.length > 0);
    return first ? { key: groupKey(first), index: first.index } : null;
  });
  const selected = mine.locked ? null : (aircraft.find((a) => sel && groupKey(a) === sel.key && a.index === sel.index) ?? null);
  const pick = (key: string, index: number, to: string) => setPicks((p) => ({ ...p, [key]: (p[key] ?? []).map((v, j) => (j === index ? to : v)) }));
  /** A click on a safe place: the selected aircraft lands there, and the next one still to land is selected. */
  const land = (to: string) => {
    if (!selected) return;
    pick(groupKey(selected), selected.index, to);
    const at = aircraft.indexOf(selected);
    const next = aircraft.slice(at + 1).find((a) => a.destinations.length > 0);
    setSel(next ? { key: groupKey(next), index: next.index } : null);
  };
  const selectGroup = (from: string, type: UnitType) => {
    const first = aircraft.find((a) => a.from === from && a.type === type && a.destinations.length > 0);
    if (first) setSel({ key: groupKey(first), index: first.index });
  };
  const [aa, setAa] = useState<AaPicks>(() => Object.fromEntries(mine.aaMoves.map((m) => [m.from, m.to])));
  const [refusals, setRefusals] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const error = road.error;
  const s = slug(nation);

  const aaMoves = (): AaMove[] =>
    mine.choices.aaGuns.filter((g) => aa[g.from]).map((g) => ({ from: g.from, to: aa[g.from]!, count: g.count }));

  async function saveChoices(): Promise<boolean> {
    setNotice(null);
    const result = await road.save(nation, toLandings(mine.choices.air, picks), aaMoves());
    if (!result.ok) {
      setRefusals(result.refused);
      return false;
    }
    setRefusals([]);
    setNotice("Saved.");
    onChanged();
    return true;
  }

  async function saveAndLock() {
    if (!(await saveChoices())) return;
    await road.lock(nation);
    setNotice("Locked.");
    onChanged();
  }

  const busy = road.busy;
  return (
    <div className="post-combat-nation" data-testid={`post-combat-${s}`}>
      <h3>
        {nation} {mine.locked ? <span className="ok small">locked</span> : null}
      </h3>
      {map ? <LandingMap map={map} nation={nation} aircraft={aircraft} selected={selected} readOnly={mine.locked} onSelect={selectGroup} onLand={land} /> : null}
      {map && selected ? (
        <p className="small" role="status" data-testid={`landing-selected-${s}`}>
          {airName(selected)}: click an outlined safe place on the map to land it there.
        </p>
      ) : null}
      <LandingTable
        air={mine.choices.air}
        picks={picks}
        disabled={mine.locked || busy}
        selected={selected ? { key: groupKey(selected), index: selected.index } : null}
        onSelect={map && !mine.locked ? setSel : undefined}
        onPick={pick}
      />
      <AaMoves guns={mine.choices.aaGuns} picks={aa} disabled={mine.locked || busy} onPick={(from, to) => setAa((m) => ({ ...m, [from]: to }))} />
      {refusals.length > 0 ? (
        <ul className="alert" role="alert" data-testid={`post-combat-refusals-${s}`}>
          {refusals.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="alert" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      <div className="actions">
        {mine.locked ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            data-testid={`post-combat-unlock-${s}`}
            onClick={async () => {
              await road.unlock(nation);
              setNotice(null);
              onChanged();
            }}
          >
            Unlock
          </button>
        ) : (
          <>
            <button type="button" className="button button-secondary" disabled={busy} data-testid={`post-combat-save-${s}`} onClick={() => void saveChoices()}>
              Save
            </button>
            <button type="button" className="button" disabled={busy} data-testid={`post-combat-lock-${s}`} onClick={() => void saveAndLock()}>
              Save and lock
            </button>
          </>
        )}
        {notice ? (
          <span className="small" role="status">
            {notice}
          </span>
        ) : null}
      </div>
    </div>
  );
}
