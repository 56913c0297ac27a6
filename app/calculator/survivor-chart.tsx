// The survivor distribution of one side: for each type, a bar per number left, as tall as its chance.
import type { UnitType } from "@/server/engine/types";

export function SurvivorChart({ title, survivors }: { title: string; survivors: Partial<Record<UnitType, number[]>> }) {
  const types = Object.entries(survivors) as [UnitType, number[]][];
  return (
    <figure className="survivor-chart">
      <figcaption>{title}</figcaption>
      {types.map(([type, dist]) => {
        const top = Math.max(...dist, 1e-12);
        return (
          <div key={type} className="survivor-type" role="img" aria-label={`${title}: ${type}, ${dist.map((p, k) => `${k} left ${(p * 100).toFixed(1)} %`).join(", ")}`}>
            <span className="survivor-name">{type}</span>
            <div className="survivor-bars">
              {dist.map((p, k) => (
                <div key={k} className="survivor-bar" title={`${k} ${type} left: ${(p * 100).toFixed(2)} %`}>
                  <div className="survivor-fill" style={{ height: `${(p / top) * 100}%` }} />
                  <span className="survivor-k">{k}</span>
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </figure>
  );
}
