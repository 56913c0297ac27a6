// The challenge's options about players (issue 22): excused misses, vacations, rated, requirements.
import styles from "./lobby.module.css";

export interface PlayerOptions {
  excusedMisses: number;
  honourVacations: boolean;
  rated: boolean;
  minReliability: number;
  minFinishedGames: number;
}

export const initialPlayerOptions = (): PlayerOptions => ({ excusedMisses: 1, honourVacations: false, rated: false, minReliability: 0, minFinishedGames: 0 });

export function PlayerOptionsChoice({ value, onChange }: { value: PlayerOptions; onChange: (v: PlayerOptions) => void }) {
  const set = (patch: Partial<PlayerOptions>) => onChange({ ...value, ...patch });
  return (
    <fieldset className={styles.options}>
      <legend>Players</legend>
      <label htmlFor="excused-misses">Missed deadlines excused per player (the deadline moves instead)</label>
      <select id="excused-misses" value={value.excusedMisses} onChange={(e) => set({ excusedMisses: Number(e.target.value) })} data-testid="excused-misses">
        {[0, 1, 2, 3, 4].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <label className="checkbox">
        <input type="checkbox" checked={value.honourVacations} onChange={(e) => set({ honourVacations: e.target.checked })} data-testid="honour-vacations" /> Honour vacations
        (deadlines wait for a player on vacation)
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={value.rated} onChange={(e) => set({ rated: e.target.checked })} data-testid="rated" /> Rated (no robots, no practice; each
        player on one team)
      </label>
      <div className="form-row">
        <div>
          <label htmlFor="min-reliability">Minimum reliability (0–100)</label>
          <input id="min-reliability" type="number" min={0} max={100} step={1} value={value.minReliability} onChange={(e) => set({ minReliability: Number(e.target.value) })} data-testid="min-reliability" />
        </div>
        <div>
          <label htmlFor="min-finished">Minimum finished games</label>
          <input id="min-finished" type="number" min={0} step={1} value={value.minFinishedGames} onChange={(e) => set({ minFinishedGames: Number(e.target.value) })} data-testid="min-finished" />
        </div>
      </div>
    </fieldset>
  );
}
