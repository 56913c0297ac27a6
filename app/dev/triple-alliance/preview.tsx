"use client";
// The dev preview's stand-in for the platform: orders checked by the ruleset's own validate, lock
// and unlock kept in memory.
import { useState } from "react";
import { BoardFrame } from "@/app/games/board-frame";
import type { Layout } from "@/app/games/contract";
import { Review, Screen } from "@/app/games/triple-alliance/screen";
import type { Orders } from "@/server/rulesets/triple-alliance/types";
import { validateOrders } from "@/server/rulesets/triple-alliance/validate";
import type { View } from "@/server/rulesets/triple-alliance/view";

export function Preview(props: { side: string; review: boolean; before: unknown; after: unknown; report: unknown; sides: string[] }) {
  const [saved, setSaved] = useState<Orders | null>(null);
  const [locked, setLocked] = useState<string[]>([]);
  const view = props.after as View;
  const layout: Layout = ({ board, panel }) => <BoardFrame testId="ta-preview" label="Orders" bar={<strong>Preview</strong>} board={board} panel={panel} />;
  if (props.review) return <Review gameId={0} layout={layout} showPanel={() => {}} turn={1} side={props.side} before={props.before} after={props.after} report={props.report} orders={null} luck={null} gameReports={null} />;
  return (
    <Screen
      gameId={0}
      layout={layout}
      showPanel={() => {}}
      lastTurn={null}
      side={props.side}
      mySides={props.side ? [props.side] : []}
      turn={view.kind === "full" ? view.state.turn : 1}
      view={view}
      phase={{ status: "open", deadline: null, sides: props.sides, locked }}
      saved={saved}
      save={async (o) => {
        if (view.kind !== "full") return { ok: false, message: "no table" };
        const v = validateOrders(view.state, props.side, o as Orders);
        if (!v.ok) return v;
        setSaved(o as Orders);
        return { ok: true };
      }}
      lock={async () => {
        setLocked([...locked, props.side]);
        return { ok: true };
      }}
      unlock={async () => {
        setLocked(locked.filter((x) => x !== props.side));
        return { ok: true };
      }}
    />
  );
}
