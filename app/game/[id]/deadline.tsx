"use client";
// The phase deadline in the viewer's own time zone, counting down live; with the game's own zone
// beside it when the game sets its deadlines by a time of day there (R3.1).
import { useEffect, useState } from "react";
import { timeLeft } from "../../components/format";
import { formatLocal, viewerZone, zoneSuffix } from "../../components/local-time";

export function Deadline({ iso, running, label, testId, gameZone }: { iso: string; running: boolean; label: string; testId?: string; gameZone?: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  // Until mounted the server's time zone would be wrong, so only the ISO time is given.
  if (now === null)
    return (
      <span className="deadline" data-testid={testId}>
        {label} <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>
      </span>
    );
  const left = new Date(iso).getTime() - now;
  return (
    <span className="deadline" data-testid={testId}>
      {label}{" "}
      <time dateTime={iso} title={`Your time zone: ${viewerZone()}`}>
        {formatLocal(iso)}
      </time>
      {zoneSuffix(formatLocal(iso), viewerZone()) ? <span className="muted small">{zoneSuffix(formatLocal(iso), viewerZone())}</span> : null}
      {gameZone && gameZone !== viewerZone() ? (
        <span className="muted small" data-testid={testId ? `${testId}-game-zone` : undefined}>
          {" "}
          · game time {formatLocal(iso, gameZone)}
          {zoneSuffix(formatLocal(iso, gameZone), gameZone)}
        </span>
      ) : null}
      {running ? (
        <>
          {" "}
          · <strong className={left < 3600_000 ? "soon" : undefined}>{timeLeft(left)}</strong>
        </>
      ) : null}
    </span>
  );
}
