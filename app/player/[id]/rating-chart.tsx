// The rating history as a line: one point per rated game from the fifth on (before, no rating shows).
// The range is written above the chart in text, which stays legible at a phone's width.
export function RatingChart({ points }: { points: { gameId: number; rating: number | null; won: boolean }[] }) {
  const shown = points.filter((p): p is { gameId: number; rating: number; won: boolean } => p.rating !== null);
  if (shown.length === 0) return <p className="muted">A rating shows after 5 rated games ({points.length} so far).</p>;
  const [w, h, pad] = [560, 160, 12];
  const values = shown.map((p) => p.rating);
  const [lo, hi] = [Math.min(...values) - 1, Math.max(...values) + 1];
  const x = (i: number) => pad + (shown.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (shown.length - 1));
  const y = (v: number) => h - pad - ((v - lo) / (hi - lo)) * (h - 2 * pad);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className="muted small">
        {shown.length} rated game{shown.length === 1 ? "" : "s"} shown · latest {values[values.length - 1]!.toFixed(1)} · lowest {Math.min(...values).toFixed(1)} · highest{" "}
        {Math.max(...values).toFixed(1)}
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} width="100%" role="img" aria-label={`Rating history: ${values.map((v) => v.toFixed(1)).join(", ")}`} data-testid="rating-chart">
        <line x1={pad} x2={w - pad} y1={h - pad} y2={h - pad} stroke="currentColor" opacity={0.3} />
        <polyline fill="none" stroke="currentColor" strokeWidth={2} points={shown.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ")} />
        {shown.map((p, i) => (
          <circle key={p.gameId} cx={x(i)} cy={y(p.rating)} r={5} fill={p.won ? "#2f855a" : "#c53030"}>
            <title>
              {p.rating.toFixed(1)} after game {p.gameId} ({p.won ? "won" : "lost"})
            </title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
