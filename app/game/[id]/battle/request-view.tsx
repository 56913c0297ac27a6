"use client";
// One decision a battle waits for (R6.6, R6.7): the viewer's own as a picker, the other side's as
// a line saying who chooses and what the default is.
import type { KnownUnit } from "../../../components/battle-format";
import type { PendingRequest } from "../game-types";
import { CasualtyPicker } from "./casualty-picker";
import { casualtyWhat, idsText, requestKey } from "./decision-words";
import { RetreatPicker } from "./retreat-picker";
import { retreatQuestionShort } from "../retreat-question";

export function RequestView({ gameId, request, known, onChanged }: { gameId: number; request: PendingRequest; known: ReadonlyMap<number, KnownUnit>; onChanged: () => void }) {
  if (request.kind === "casualties") {
    if (request.mine) return <CasualtyPicker gameId={gameId} request={request} onChanged={onChanged} />;
    return (
      <p className="small" data-testid={`${requestKey(request)}-waiting`}>
        <strong>{request.team}</strong>: {casualtyWhat(request)}. <span className="muted">Waiting for {request.chooser} to choose; the default is {idsText(request.default, known)}.</span>
      </p>
    );
  }
  if (request.mine) return <RetreatPicker gameId={gameId} request={request} known={known} onChanged={onChanged} />;
  return (
    <p className="small" data-testid={`${requestKey(request)}-waiting`}>
      <strong>{request.team}</strong>: after round {request.round}, {retreatQuestionShort(request)}{" "}
      <span className="muted">Waiting for {request.chooser}; the default is to fight on.</span>
    </p>
  );
}
