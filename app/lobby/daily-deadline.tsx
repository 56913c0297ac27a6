import { viewerZone } from "../components/local-time";

export interface DailyChoice {
  on: boolean;
  time: string;
  zone: string;
}

/** R3.1 — a deadline at a fixed time of day in a named zone instead of hours after the phase opens. */
export function DailyDeadline({ id, what, value, onChange }: { id: string; what: string; value: DailyChoice; onChange: (v: DailyChoice) => void }) {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return (
    <div className="daily-deadline">
      <label className="checkbox">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked, zone: value.zone || viewerZone() })} data-testid={`${id}-on`} />{" "}
        {what}: instead of the hours above, every day at a fixed time (at least an hour after the phase opens)
      </label>
      {value.on ? (
        <div className="form-row">
          <div>
            <label htmlFor={`${id}-time`}>Time of day</label>
            <input id={`${id}-time`} type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} data-testid={`${id}-time`} />
          </div>
          <div>
            <label htmlFor={`${id}-zone`}>Time zone</label>
            <input id={`${id}-zone`} list={`${id}-zones`} value={value.zone} onChange={(e) => onChange({ ...value, zone: e.target.value })} data-testid={`${id}-zone`} />
            <datalist id={`${id}-zones`}>
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </div>
        </div>
      ) : null}
    </div>
  );
}
