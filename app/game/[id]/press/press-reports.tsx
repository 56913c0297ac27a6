"use client";
// The game's creator reads the messages its players reported (the sender nation, never the reporter).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../trpc/client";
import { messageTag } from "./press-format";

export function PressReports({ gameId }: { gameId: number }) {
  const trpc = useTRPC();
  const reports = useQuery(trpc.press.reports.queryOptions({ gameId }));
  if (!reports.data?.length) return null;
  return (
    <details data-testid="press-reports">
      <summary>Reported messages ({reports.data.length})</summary>
      <ul>
        {reports.data.map((r) => (
          <li key={r.id}>
            <strong>{r.message.sender}</strong> <span className="muted small">({messageTag(r.message)})</span>: {r.message.text}
            <br />
            <span className="small">Reason: {r.reason}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
