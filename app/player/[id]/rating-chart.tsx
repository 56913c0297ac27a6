// The rating history as a line: one point per rated game from the fifth on (before, no rating shows).
export function RatingChart({ points }: { points: { gameId: number; rating: number | null; won: boolean }[] }) {
  const shown = points.filter((p): p is { gameId: number; rating: number; won: boolean } => p.rating !== null);
  if (shown.length === 0) return <p className="muted">A rating shows after 5 rated games ({points.length} so far).</p>;
  const [w, h, pad] = [560, 160, 24];
  const values = shown.map((p) => p.rating);
  const [lo, hi] = [Math.min(...values) - 1, Math.max(...values) + 1];
  const x = (i: number) => pad + (shown.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (shown.length - 1));
  const y = (v: number) => h - pad - ((v - lo) / (hi - lo)) * (h - 2 * pad);
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width="100%" role="img" aria-label={`Rating history: ${values.map((v) => v.toFixed(1)).join(", ")}`} data-testid="rating-chart">
      <line x1={pad} x2={w - pad} y1={h - pad} y2={h - pad} stroke="currentColor" opacity={0.3} />
      <text x={pad} y={pad - 8} fontSize="11" fill="currentColor">
        {hi.toFixed(1)}
      </text>
      <text x={pad} y={h - 6} fontSize="11" fill="currentColor">
        {lo.toFixed(1)}
      </text>
      <polyline fill="none" stroke="var(--accent, #2b6cb0)" strokeWidth={2} points={shown.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ")} />
      {shown.map((p, i) => (
        <circle key={p.gameId} cx={x(i)} cy={y(p.rating)} r={4} fill={p.won ? "var(--ok, #2f855a)" : "var(--bad, #c53030)"}>
          <title>
            {p.rating.toFixed(1)} after game {p.gameId} ({p.won ? "won" : "lost"})
          </title>
        </circle>
      ))}
    </svg>
  );
}
