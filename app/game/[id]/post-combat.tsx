"use client";
// Post-combat (R7): each air unit that must land gets a place among the safe ones it can reach,
// pre-filled with the default landing (R7.4), chosen in the list or on the map (the selected
// aircraft's safe places are outlined; a click lands it there); AA guns may move one step (R7.2). Save checks the
// choices on the server; Lock ends the nation's part (R7.3). At the deadline, what was saved counts
// and the rest lands by default. The classic screen saves through postCombat.*; a 1942 game played a
// phase at a time gives its own road (`port`: the side's batch of the post-combat phase, play.save).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { Nation, UnitType } from "../../../server/rulesets/1942/engine/types";
import { errorText, unitName } from "../../components/format";
import { useTRPC } from "../../trpc/client";
import { Deadline } from "./deadline";
import { slug, type GameView } from "./game-types";
import { LandingMap, type Aircraft, type LandingMapHost } from "./map/landing-map";

type Stage = NonNullable<GameView["postCombat"]>;
type Mine = NonNullable<Stage["mine"][Nation]>;
type AirChoice = Mine["choices"]["air"][number];
type AaChoice = Mine["choices"]["aaGuns"][number];
/** A landing as the API takes it: only air units fly (R7.1). */
type Landing = Mine["landings"][number] & { type: "fighter" | "bomber" };
type AaMove = Mine["aaMoves"][number];

/** How a nation's choices are saved, locked and unlocked; `refused` lists the rules' refusals of a save. */
export interface PostCombatPort {
  save(nation: Nation, landings: Landing[], aaMoves: AaMove[]): Promise<{ ok: true } | { ok: false; refused: string[] }>;
  lock(nation: Nation): Promise<void>;
  unlock(nation: Nation): Promise<void>;
  busy: boolean;
  error: unknown;
}

/** The classic screen's road: postCombat.save, .lock and .unlock. */
function useClassicPort(gameId: number): PostCombatPort {
  const trpc = useTRPC();
  const save = useMutation(trpc.postCombat.save.mutationOptions());
  const lock = useMutation(trpc.postCombat.lock.mutationOptions());
  const unlock = useMutation(trpc.postCombat.unlock.mutationOptions());
  return {
    save: async (nation, landings, aaMoves) => {
      const result = await save.mutateAsync({ gameId, nation, landings, aaMoves });
      return result.ok ? { ok: true } : { ok: false, refused: result.refused.map((r) => r.reason) };
    },
    lock: async (nation) => void (await lock.mutateAsync({ gameId, nation })),
    unlock: async (nation) => void (await unlock.mutateAsync({ gameId, nation })),
    busy: save.isPending || lock.isPending || unlock.isPending,
    error: save.error ?? lock.error ?? unlock.error,
  };
}

export function PostCombat({
  gameId,
  stage,
  deadline,
  onChanged,
  gameZone,
  map,
  port,
}: {
  gameId: number;
  stage: Stage;
  deadline: string | null;
  onChanged: () => void;
  gameZone?: string;
  /** The game screen's map area: the landing of `map.nation` is drawn there. */
  map?: LandingMapHost;
  /** Where the choices go; the classic screen's postCombat.* when absent. */
  port?: PostCombatPort;
}) {
  const mine = Object.entries(stage.mine) as [Nation, Mine][];
  return (
    <section className="card" id="post-combat" aria-labelledby="post-combat-heading" data-testid="post-combat">
      <h2 id="post-combat-heading">After combat: land your aircraft</h2>
      <p className="small">
        {deadline ? <Deadline iso={deadline} running label="Post-combat moves due" testId="post-combat-deadline" gameZone={gameZone} /> : null}
        <br />
        Air units land in territory friendly now and at the start of the turn, or fighters on an own carrier with room (R7.1). At the
        deadline, what you saved counts and the rest take the default landing (R7.4).
      </p>
      <p className="small" data-testid="post-combat-waiting">
        {stage.waitingFor.length === 0 ? "Every nation has locked." : `Waiting for: ${stage.waitingFor.join(", ")}.`}
      </p>
      {stage.report.battles.length > 0 ? (
        <p className="small" data-testid="post-combat-battles">
          Battles this turn:{" "}
          {stage.report.battles.map((b) => `${b.territory} (${b.winner === "none" ? "no winner" : `${b.winner} won`})`).join(", ")}. The board below shows
          where every unit stands after combat.
        </p>
      ) : null}
      {mine.length === 0 ? <p className="muted">None of your nations has anything to land or move.</p> : null}
      {mine.map(([nation, m]) => (
        <NationPostCombat key={nation} gameId={gameId} nation={nation} mine={m} onChanged={onChanged} map={map?.nation === nation ? map : undefined} port={port} />
      ))}
    </section>
  );
}

/** One select per air unit, keyed by group and index; values are destinations ("" = the default). */
type Picks = Record<string, string[]>;

function groupKey(a: { type: string; from: string }): string {
  return `${a.type}|${a.from}`;
}

/** Start from the saved landings, else the default landing of each unit. */
function initialPicks(air: AirChoice[], saved: Mine["landings"]): Picks {
  const picks: Picks = {};
  for (const a of air) {
    const mine = saved.filter((l) => l.type === a.type && l.from === a.from).flatMap((l) => Array<string>(l.count).fill(l.to));
    const defaults = a.defaults.flatMap((d) => Array<string>(d.count).fill(d.to ?? ""));
    picks[groupKey(a)] = Array.from({ length: a.count }, (_, i) => mine[i] ?? defaults[i] ?? "");
  }
  return picks;
}

function toLandings(air: AirChoice[], picks: Picks): Landing[] {
  const out: Landing[] = [];
  for (const a of air) {
    const counts = new Map<string, number>();
    for (const to of picks[groupKey(a)] ?? []) if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
    for (const [to, count] of counts) out.push({ type: a.type === "bomber" ? "bomber" : "fighter", from: a.from, to, count });
  }
  return out;
}

/** Every aircraft that must land, one by one, with its current pick. */
function aircraftOf(air: AirChoice[], picks: Picks): Aircraft[] {
  return air.flatMap((a) =>
    Array.from({ length: a.count }, (_, index) => ({ type: a.type, from: a.from, index, to: picks[groupKey(a)]?.[index] ?? "", destinations: a.destinations.map((d) => d.to) })),
  );
}

/** The aircraft selected on the map: its group and its place in the group. */
type Selected = { key: string; index: number };

function NationPostCombat({ gameId, nation, mine, onChanged, map, port }: { gameId: number; nation: Nation; mine: Mine; onChanged: () => void; map?: LandingMapHost; port?: PostCombatPort }) {
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
  const [aa, setAa] = useState<Record<string, string>>(() => Object.fromEntries(mine.aaMoves.map((m) => [m.from, m.to])));
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
      {mine.choices.air.length > 0 ? (
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">Air unit</th>
              <th scope="col">Lands in</th>
            </tr>
          </thead>
          <tbody>
            {mine.choices.air.flatMap((a) =>
              Array.from({ length: a.count }, (_, i) => (
                <AirRow
                  key={`${groupKey(a)}-${i}`}
                  choice={a}
                  index={i}
                  value={picks[groupKey(a)]?.[i] ?? ""}
                  disabled={mine.locked || busy}
                  selected={selected !== null && groupKey(selected) === groupKey(a) && selected.index === i}
                  onSelect={map && !mine.locked && a.destinations.length > 0 ? () => setSel({ key: groupKey(a), index: i }) : undefined}
                  onChange={(to) => pick(groupKey(a), i, to)}
                />
              )),
            )}
          </tbody>
        </table>
      ) : (
        <p className="muted small">No air units to land.</p>
      )}
      {mine.choices.aaGuns.length > 0 ? (
        <fieldset className="aa-moves">
          <legend>AA guns may move one step to land you held at the start of the turn (R7.2)</legend>
          {mine.choices.aaGuns.map((g) => (
            <AaRow key={g.from} choice={g} value={aa[g.from] ?? ""} disabled={mine.locked || busy} onChange={(to) => setAa((m) => ({ ...m, [g.from]: to }))} />
          ))}
        </fieldset>
      ) : null}
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

/** An aircraft is named by where it fought ("fighter from Karelia S.S.R."): those of one group are alike. */
function airName(a: { type: string; from: string }): string {
  return `${unitName(a.type as UnitType)} from ${a.from}`;
}

function AirRow({
  choice,
  index,
  value,
  disabled,
  selected,
  onSelect,
  onChange,
}: {
  choice: AirChoice;
  index: number;
  value: string;
  disabled: boolean;
  selected: boolean;
  /** Select this aircraft to land it on the map (absent: no map, or nowhere to land). */
  onSelect?: () => void;
  onChange: (to: string) => void;
}) {
  const name = airName(choice);
  // Alike aircraft of one group still need distinct accessible names for their selects.
  const label = choice.count > 1 ? `${name} (${index + 1} of ${choice.count})` : name;
  const none = choice.destinations.length === 0;
  const testId = `landing-${slug(choice.type)}-${slug(choice.from)}-${index}`;
  return (
    <tr data-testid={testId} data-selected={selected ? "1" : "0"} className={selected ? "selected" : undefined}>
      <th scope="row">
        {onSelect ? (
          <button type="button" className="button button-quiet button-small" aria-pressed={selected} onClick={onSelect} data-testid={`${testId}-select`} title="Land it on the map">
            {name}
          </button>
        ) : (
          name
        )}
      </th>
      <td>
        {none ? (
          <span className="alert-text">No safe place in reach: scuttled (R7.1)</span>
        ) : (
          <select aria-label={`Landing for ${label}`} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
            <option value="">the default landing (R7.4)</option>
            {choice.destinations.map((d) => (
              <option key={d.to} value={d.to}>
                {d.to} ({d.steps} step{d.steps === 1 ? "" : "s"})
              </option>
            ))}
          </select>
        )}
      </td>
    </tr>
  );
}

function AaRow({ choice, value, disabled, onChange }: { choice: AaChoice; value: string; disabled: boolean; onChange: (to: string) => void }) {
  return (
    <label className="field-inline" data-testid={`aa-move-${slug(choice.from)}`}>
      {choice.count} AA gun{choice.count === 1 ? "" : "s"} in {choice.from}:{" "}
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">stay</option>
        {choice.destinations.map((to) => (
          <option key={to} value={to}>
            move to {to}
          </option>
        ))}
      </select>
    </label>
  );
}
