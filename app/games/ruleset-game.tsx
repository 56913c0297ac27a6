"use client";
// The game page of any game played a phase at a time (a classic 1942 game has its own): the
// platform's frame (turn, deadline, who locked, seats, links to the reviews, history and download,
// press) around the game's own screen, which gets only
// the contract's props (contract.ts): the ruleset's view for this viewer, the phase, the viewer's
// saved orders, save/lock/unlock, `ask` (its rules' answers, play.ask), and `layout`, through which the screen hands over its board (it
// fills the window, board-frame.tsx) and its panel (the Orders tab, or a bottom sheet on a phone).
// Events from game.events are hints: any of them refetches.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Suspense, useCallback, useMemo, useState } from "react";
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import { errorText } from "../components/format";
import { useHydrated } from "../components/use-hydrated";
import { DecisionBanner } from "../game/[id]/decision-banner";
import { PanelTab, PanelTabContent, PanelTabList, PanelTabs } from "../game/[id]/panel-tabs";
import { PressTabCount } from "../game/[id]/press/press-tab-count";
import { useTRPC } from "../trpc/client";
import screen from "../game/[id]/game-screen.module.css";
import { BoardFrame, useSheet } from "./board-frame";
import type { ActionResult, Layout } from "./contract";
import { screenOf } from "./registry";
import { SidesPanel } from "./sides-panel";
import { RulesetBar, RulesetShell, lastResolvedOf, type RulesetShellView } from "./ruleset-shell";
import { useReconnecting } from "../game/[id]/use-reconnecting";
import { DecideTitle } from "./use-decide-title";

const PressPanel = dynamic(() => import("../game/[id]/press/press-panel").then((m) => m.PressPanel));
// A rated game's rating changes only at its end: not needed to draw the first screen.
const RatingChanges = dynamic(() => import("../game/[id]/rating-changes").then((m) => m.RatingChanges));
const SandboxBar = dynamic(() => import("./sandbox-bar").then((m) => m.SandboxBar), { ssr: false });

/**
 * The server renders the light shell (ruleset-shell.tsx) from the few fields handed apart; the live
 * frame and the game's screen mount once the page is hydrated (at once on a client-side navigation),
 * from the view's text the page carries, so nothing more is fetched.
 */
export function RulesetGame({ gameId, initialJson, shell }: { gameId: number; initialJson: string; shell: RulesetShellView }) {
  return useHydrated() ? <LiveRulesetGame gameId={gameId} initialJson={initialJson} /> : <RulesetShell gameId={gameId} view={shell} />;
}

function LiveRulesetGame({ gameId, initialJson }: { gameId: number; initialJson: string }) {
  const initial = useMemo(() => JSON.parse(initialJson) as RulesetGameView, [initialJson]);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [side, setSide] = useState<string | null>(initial.side);
  const input = { gameId, ...(side ? { side } : {}) };
  const game = useQuery({ ...trpc.play.get.queryOptions(input), initialData: side === initial.side ? initial : undefined, refetchInterval: 60_000 });
  // The turn (or, in a turn of several phases, the phase of it) that just resolved, for the banner.
  const [resolved, setResolved] = useState<{ turn: number; phase?: string } | null>(null);
  const [tab, setTab] = useState("orders");
  const sheet = useSheet();
  // A tap on the screen's board that means "show me this": its tab, and on a phone the sheet.
  const showPanel = useCallback(() => {
    setTab("orders");
    sheet.show();
  }, [sheet.show]); // eslint-disable-line react-hooks/exhaustive-deps
  const refetch = () => void queryClient.invalidateQueries({ queryKey: trpc.play.get.queryKey() });
  const events = useSubscription(
    trpc.game.events.subscriptionOptions(
      { gameId },
      {
        onStarted: refetch,
        onData: (message) => {
          const ev = ("data" in message ? message.data : message) as { kind: string; turn?: number; phase?: string };
          if (ev.kind === "turn-resolved" && ev.turn) setResolved({ turn: ev.turn, phase: ev.phase });
          refetch();
        },
      },
    ),
  );
  const reconnecting = useReconnecting(events.status);
  const save = useMutation(trpc.play.save.mutationOptions({ onSuccess: refetch }));
  const lock = useMutation(trpc.play.lock.mutationOptions({ onSuccess: refetch }));
  const unlock = useMutation(trpc.play.unlock.mutationOptions({ onSuccess: refetch }));
  const setStanding = useMutation(trpc.play.setStanding.mutationOptions({ onSuccess: refetch }));
  const view = game.data ?? initial;
  const Screen = screenOf(view.game.ruleset);
  const phase = view.phase;
  const acting = view.side;
  // A refusal from the platform (a 4xx) reaches the screen as a value, like the ruleset's own.
  const attempt = async (run: () => Promise<unknown>): Promise<ActionResult> => {
    try {
      const r = (await run()) as ActionResult | object;
      return "ok" in r && r.ok === false ? r : { ok: true };
    } catch (error) {
      return { ok: false, message: errorText(error) };
    }
  };
  // A phase of decisions (a battle's casualties, a landing) waiting for the viewer's side draws the eye:
  // the Orders tab says "Decide!" and so does the window's title, as a classic game's Battles tab does,
  // with the number of decisions waiting when the screen counts them (the layout's `waiting`).
  const deciding = !!phase?.decision && phase.status === "open" && acting !== null && phase.sides.includes(acting) && !phase.locked.includes(acting);
  const lastResolved = lastResolvedOf(view);
  // The last turn's whole report, for the screen's strip over the tabs (1942: its battles) and its Replay tab.
  const last = useQuery({ ...trpc.play.turnReport.queryOptions({ gameId, turn: lastResolved, ...(acting ? { side: acting } : {}) }), enabled: lastResolved > 0, staleTime: Infinity });
  const lastTurn = lastResolved > 0 && last.data?.resolved ? { turn: last.data.turn, report: last.data.report } : null;

  const bar = <RulesetBar gameId={gameId} view={view} reconnecting={reconnecting} />;

  // The platform's tabs around the game's own panel: its orders, the game's own tabs, the sides, the press.
  const layout: Layout = ({ board, panel, tabs = [], waiting, waitingText, strip }) => (
    <BoardFrame testId="ruleset-game" label="Orders, sides and press" bar={bar} board={board} sheet={sheet} panel={
      <>
        <DecideTitle deciding={deciding} waiting={waiting} />
        {resolved ? (
          <div className="banner" role="status" data-testid="turn-resolved">
            <span>
              {/* A phase of a turn still going has no review yet: the turn's opens once the turn resolved. */}
              {resolved.phase ? (
                `Turn ${resolved.turn}, ${resolved.phase} resolved`
              ) : (
                <>
                  Turn {resolved.turn} resolved — <Link href={`/game/${gameId}/turn/${resolved.turn}`}>see what happened</Link>
                </>
              )}
            </span>
            <button type="button" className="button button-quiet button-small" onClick={() => setResolved(null)} aria-label="Dismiss">
              ✕
            </button>
          </div>
        ) : null}
        {/* "Decide now" shows the screen's panel (on a phone, the sheet), as the classic banner opens its Battles tab. */}
        {deciding ? <DecisionBanner waiting={waitingText ?? waiting ?? 0} deadline={phase?.deadline ?? null} running={!view.game.pausedAt} gameZone={view.game.decisionsAt?.zone} onDecide={showPanel} /> : null}
        <SandboxBar gameId={gameId} view={view} onChanged={refetch} />
        {view.result?.over ? (
          <>
            <p className="note" data-testid="game-result">
              The game is over: {view.result.draw || view.result.winners.length === 0 ? "a draw" : `${view.result.winners.join(" and ")} won`} — {view.result.reason}
            </p>
            <RatingChanges changes={view.ratingChanges} draw={view.result.draw} />
          </>
        ) : null}
        {/* The screen's word on the last turn (1942: its battles), placed as the classic page places its strip. */}
        {strip ? <div className={screen.recent}>{strip}</div> : null}
        <PanelTabs value={tab} onValueChange={setTab} className={screen.tabs}>
          <PanelTabList className={screen.tabList} label="The game's panels">
            <PanelTab value="orders" className={screen.tab} testId="tab-orders">
              {deciding ? (
                <strong data-testid="tab-orders-decide">
                  Decide!{waiting ? <span data-testid="tab-orders-waiting"> {waiting}</span> : null}
                </strong>
              ) : (
                "Orders"
              )}
            </PanelTab>
            {tabs.map((t) => (
              <PanelTab key={t.id} value={t.id} className={screen.tab} testId={`tab-${t.id}`}>
                {t.label}
              </PanelTab>
            ))}
            <PanelTab value="sides" className={screen.tab} testId="tab-sides">
              Sides
            </PanelTab>
            {view.game.press !== "none" ? (
              <PanelTab value="press" className={screen.tab} testId="tab-press">
                Press
                <PressTabCount gameId={gameId} />
              </PanelTab>
            ) : null}
          </PanelTabList>
          <PanelTabContent value="orders" keepMounted className={screen.tabPanel}>
            {view.mySides.length > 1 ? (
              <label className="small">
                Play as{" "}
                <select value={acting ?? ""} onChange={(e) => setSide(e.target.value)} data-testid="play-as">
                  {view.mySides.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
            ) : null}
            {panel}
          </PanelTabContent>
          {tabs.map((t) => (
            <PanelTabContent key={t.id} value={t.id} className={screen.tabPanel}>
              {t.content}
            </PanelTabContent>
          ))}
          <PanelTabContent value="sides" keepMounted className={screen.tabPanel}>
            <SidesPanel gameId={gameId} view={view} lastResolved={lastResolved} />
          </PanelTabContent>
          {view.game.press !== "none" ? (
            <PanelTabContent value="press" keepMounted className={screen.tabPanel}>
              <PressPanel gameId={gameId} shown={tab === "press"} />
            </PanelTabContent>
          ) : null}
        </PanelTabs>
      </>
    } />
  );

  if (!phase) return layout({ board: <p className="muted">The board appears when the game starts.</p>, panel: null });
  // A plain line while the game's screen loads, not the frame: streamed in beside the real frame, a
  // second frame would put each of its elements on the page twice until the swap.
  return (
    <Suspense fallback={<p className="muted" data-testid="board-loading">Loading the board…</p>}>
      {/* A turn of several phases (1942's orders, battles, post-combat) gives each phase a fresh screen:
          nothing typed or said in one phase (its batch, "Locked") stands in the next. */}
      <Screen
        key={`${acting ?? ""}${phase.step ? `|${view.turn}.${phase.step.index}` : ""}`}
        gameId={gameId}
        layout={layout}
        showPanel={showPanel}
        side={acting}
        mySides={view.mySides}
        turn={view.turn}
        view={view.view}
        phase={{ status: phase.status, deadline: phase.deadline, sides: phase.sides, locked: phase.locked }}
        saved={view.saved}
        save={(orders) => attempt(() => save.mutateAsync({ gameId, side: acting ?? "", orders }))}
        lock={() => attempt(() => lock.mutateAsync({ gameId, side: acting ?? "" }))}
        unlock={() => attempt(() => unlock.mutateAsync({ gameId, side: acting ?? "" }))}
        lastTurn={lastTurn}
        standing={acting ? view.standing : undefined}
        setStanding={acting ? (value) => attempt(() => setStanding.mutateAsync({ gameId, side: acting, value })) : undefined}
        ask={acting ? (name, question) => queryClient.fetchQuery(trpc.play.ask.queryOptions({ gameId, side: acting, name, question })) : undefined}
      />
    </Suspense>
  );
}
