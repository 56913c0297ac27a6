"use client";
// Post-combat (R7): each air unit that must land gets a place among the safe ones it can reach,
// pre-filled with the default landing (R7.4), chosen in the list or on the map (the selected
// aircraft's safe places are outlined; a click lands it there); AA guns may move one step (R7.2). Save checks the
// choices on the server; Lock ends the nation's part (R7.3). At the deadline, what was saved counts
// and the rest lands by default. The classic screen saves through postCombat.*; a 1942 game played a
// phase at a time gives its own road (`port`: the side's batch of the post-combat phase, play.save).
// This file is the section; each nation's part is nation-post-combat.tsx (its landing table,
// landing-table.tsx; its AA guns, aa-moves.tsx; its road, post-combat-port.ts).
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { Deadline } from "./deadline";
import { NationPostCombat } from "./nation-post-combat";
import type { LandingMapHost } from "./map/landing-map";
import type { Mine, PostCombatPort, Stage } from "./post-combat-port";

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
