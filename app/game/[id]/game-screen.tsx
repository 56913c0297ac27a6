"use client";
// One game, live: the map fills the screen (desktop: beside a side panel; phone: above a bottom
// sheet), with the turn, the deadline and who is still to lock over it. The panel holds the orders of
// each nation the viewer plays, the battles, the nations, the board and the last turn's replay, as
// tabs. Events from game.events are hints: any of them refetches the game.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Nation } from "../../../server/rulesets/1942/engine/types";
import { errorText } from "../../components/format";
import { useTRPC } from "../../trpc/client";
import dynamic from "next/dynamic";
import { myWaitingText } from "./battle-waiting";
import { useOnBattleFocus } from "./battle/battle-focus";
import { slug, type GameView, type ShellView } from "./game-types";
import { BoardMap } from "./map/board-map";
import { GameBanners } from "./game-banners";
import { GameStatus } from "./game-status";
import { NationOrders } from "./nation-orders";
import { PanelTab, PanelTabContent, PanelTabList, PanelTabs } from "./panel-tabs";
import { ownUnitsBox } from "./own-units-box";
import styles from "./game-screen.module.css";
import { useGameEvents } from "./use-game-events";
import { useHeaderHeight } from "./use-header-height";

// Loaded when first shown, not with the page: battles and landings only in their phases,
// the list view once opened (nation-orders.tsx). The first load carries the map and the orders panel.
const Battles = dynamic(() => import("./battle-decisions").then((m) => m.Battles));
const BattleMarkers = dynamic(() => import("./map/battle-markers").then((m) => m.BattleMarkers), { ssr: false });
const PostCombat = dynamic(() => import("./post-combat").then((m) => m.PostCombat));
// Press loads after the map: it is a panel of its own, fetching its own data.
const PressPanel = dynamic(() => import("./press/press-panel").then((m) => m.PressPanel));
// The Nations and Board tabs are hidden at first: their contents load after the map.
const NationsPanel = dynamic(() => import("./nations-panel").then((m) => m.NationsPanel));
const BoardView = dynamic(() => import("./board-panel").then((m) => m.BoardView));
// Last turn's battles appear once the history is fetched; the replay tab's link only in its moment
// (the result's rating changes: game-banners.tsx): none of them is needed to draw the first screen.
const RecentBattles = dynamic(() => import("./recent-battles").then((m) => m.RecentBattles));
const ReviewLink = dynamic(() => import("./turn/review-link").then((m) => m.ReviewLink));
// "Open in sandbox", or a sandbox's own bar (issue 24): after the map, never in the first load.
const SandboxTools = dynamic(() => import("./sandbox/sandbox-tools").then((m) => m.SandboxTools), { ssr: false });
import { PressTabCount } from "./press/press-tab-count";
import { useHydrated } from "../../components/use-hydrated";
import { SheetHandle, closeOnEscape } from "./sheet-handle";
import { GameShell, lastResolvedTurn, openingTab } from "./game-shell";

/**
 * The server renders the light shell (game-shell.tsx): the line over the map, the map's place and
 * the panel's grip and tab row, what a player sees before the scripts run. The live screen, with its query, its event
 * stream, its tabs and its panels, mounts once the page is hydrated (at once on a client-side
 * navigation); the view is the page's own (the flight data's text), so nothing more is fetched.
 */
export function GameScreen({ gameId, initialJson, shell }: { gameId: number; initialJson: string; shell: ShellView }) {
  return useHydrated() ? <LiveGameScreen gameId={gameId} initialJson={initialJson} /> : <GameShell view={shell} />;
}

function LiveGameScreen({ gameId, initialJson }: { gameId: number; initialJson: string }) {
  const initial = useMemo(() => JSON.parse(initialJson) as GameView, [initialJson]);
  const trpc = useTRPC();
  const game = useQuery({ ...trpc.game.get.queryOptions({ gameId }), initialData: initial, refetchInterval: 60_000 });
  const view = game.data;
  const phase = view.phase;
  const { refetch, resolvedTurn, setResolvedTurn, reconnecting } = useGameEvents(gameId, phase?.turn ?? null);

  const waiting = phase?.status === "battles" && phase.pending ? myWaitingText(phase.pending.requests) : [];
  // A background tab shows in its title that a decision waits.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) Decide! · /, "");
    document.title = waiting.length > 0 ? `(${waiting.length}) Decide! · ${base}` : base;
  }, [waiting.length]);
  const lastTurn = lastResolvedTurn(phase);
  const victoryCities = view.game.houseRules?.victoryCities === true;

  // One map: drawn by the orders of the nation chosen here (a player of several nations switches),
  // or, for spectators and before the game starts, as a plain board.
  const [mapHost, setMapHost] = useState<HTMLDivElement | null>(null);
  const [mapNation, setMapNation] = useState<Nation | null>(view.myNations[0] ?? null);
  // Bumped when a sandbox's orders are replaced from outside the draft (a robot's, an undo).
  const [drafts, setDrafts] = useState(0);
  const shownNation = mapNation && view.myNations.includes(mapNation) ? mapNation : (view.myNations[0] ?? null);
  const start = useMemo(() => ownUnitsBox(view.board?.units ?? [], view.myNations), [view.board, view.myNations]);
  const storageKey = `lockstep:map-view:${gameId}`;
  // After combat, the map lands the shown nation's aircraft (post-combat.tsx) instead of ordering.
  const landing = phase?.status === "post-combat" && shownNation !== null && view.postCombat?.mine[shownNation] !== undefined;

  // The side panel's tab follows the phase: orders while they are open, battles when they wait.
  const phaseTab = openingTab(phase);
  const [tab, setTab] = useState<string>(phaseTab);
  useEffect(() => setTab(phaseTab), [phaseTab, phase?.id]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetButton = useRef<HTMLButtonElement>(null);
  useHeaderHeight();
  // A battle's marker on the map opens it: the Battles panel (on a phone, the sheet) shows it.
  useOnBattleFocus(() => {
    setTab("battles");
    setSheetOpen(true);
  });

  return (
    <div className={styles.screen} data-testid="game-screen" data-sheet={sheetOpen ? "open" : "closed"}>
      <div className={styles.mapArea} data-testid="game-map-area">
        <GameStatus view={view} reconnecting={reconnecting} />
        <div className={styles.mapHost} ref={setMapHost} data-testid="map-host">
          {view.board && (!shownNation || !phase) ? (
            <BoardMap
              units={view.board.units}
              owners={view.board.owners}
              victoryCities={victoryCities}
              storageKey={storageKey}
              start={null}
              fill
              title="Map of the board"
              overlay={phase?.status === "battles" ? <BattleMarkers gameId={gameId} /> : undefined}
            />
          ) : null}
        </div>
      </div>

      <aside
        className={styles.panel}
        id="game-panel"
        aria-label="Orders, battles and the game"
        data-testid="game-panel"
        onKeyDown={closeOnEscape(sheetOpen, () => setSheetOpen(false), sheetButton)}
      >
        <SheetHandle open={sheetOpen} onOpenChange={setSheetOpen} controls="game-panel" buttonRef={sheetButton} className={styles.handle} gripClassName={styles.grip} />
        {phase && view.game.sandbox ? <SandboxTools gameId={gameId} view={view} nation={shownNation} onChanged={refetch} onOrdersReplaced={() => setDrafts((n) => n + 1)} /> : null}
        <GameBanners gameId={gameId} view={view} resolvedTurn={resolvedTurn} onDismiss={() => setResolvedTurn(null)} waiting={waiting} onDecide={() => setTab("battles")} />
        {game.error ? (
          <p className="alert" role="alert">
            {errorText(game.error)}
          </p>
        ) : null}

        {lastTurn >= 1 ? (
          <div className={styles.recent}>
            <RecentBattles gameId={gameId} turn={lastTurn} mine={view.myNations} />
          </div>
        ) : null}

        <PanelTabs value={tab} onValueChange={setTab} className={styles.tabs}>
          <PanelTabList className={styles.tabList} label="The game screen's panels">
            <PanelTab value="orders" className={styles.tab} testId="tab-orders">
              Orders
            </PanelTab>
            <PanelTab value="battles" className={styles.tab} testId="tab-battles" panelId="battles">
              Battles{waiting.length > 0 ? ` (${waiting.length})` : ""}
            </PanelTab>
            <PanelTab value="nations" className={styles.tab} testId="tab-nations">
              Nations
            </PanelTab>
            <PanelTab value="board" className={styles.tab} testId="tab-board">
              Board
            </PanelTab>
            {lastTurn >= 1 ? (
              <PanelTab value="replay" className={styles.tab} testId="tab-replay">
                Replay
              </PanelTab>
            ) : null}
            <PanelTab value="press" className={styles.tab} testId="tab-press">
              Press
              <PressTabCount gameId={gameId} />
            </PanelTab>
          </PanelTabList>

          <PanelTabContent value="orders" keepMounted className={styles.tabPanel}>
            {view.myNations.length > 1 ? (
              <div className="chips" role="group" aria-label="Which nation's orders the map shows">
                {view.myNations.map((n) => (
                  <button key={n} type="button" className="chip" aria-pressed={n === shownNation} onClick={() => setMapNation(n)} data-testid={`map-nation-${slug(n)}`}>
                    {n}
                  </button>
                ))}
              </div>
            ) : null}
            {phase && view.board
              ? view.myNations.map((nation) => (
                  <NationOrders
                    key={`${nation}:${drafts}`}
                    phaseId={phase.id}
                    gameId={gameId}
                    nation={nation}
                    phaseOpen={phase.status === "open"}
                    locked={phase.locked.includes(nation)}
                    saved={view.myOrders[nation] ?? []}
                    board={view.board!}
                    victoryCities={victoryCities}
                    onChanged={refetch}
                    vcFactories={view.game.houseRules?.vcInfantry === true}
                    mapHost={nation === shownNation && !landing ? mapHost : null}
                    start={start}
                    storageKey={storageKey}
                  />
                ))
              : null}
            {view.myNations.length === 0 ? <p className="muted small">You watch this game: the map shows everyone&rsquo;s units.</p> : null}
            {/* A real game's "Open in sandbox" comes after the orders: on a phone the sheet opens on them, not on it. */}
            {phase && !view.game.sandbox ? <SandboxTools gameId={gameId} view={view} nation={shownNation} onChanged={refetch} onOrdersReplaced={() => setDrafts((n) => n + 1)} /> : null}
          </PanelTabContent>

          <PanelTabContent value="battles" keepMounted className={styles.tabPanel} id="battles">
            {phase?.status === "battles" && phase.pending ? <Battles gameId={gameId} phase={phase} onChanged={refetch} gameZone={view.game.decisionsAt?.zone} /> : null}
            {phase?.status === "post-combat" && view.postCombat ? (
              <PostCombat
                gameId={gameId}
                stage={view.postCombat}
                deadline={phase.decisionDeadline}
                onChanged={refetch}
                gameZone={view.game.decisionsAt?.zone}
                map={view.board ? { host: mapHost, nation: shownNation, board: view.board, victoryCities, storageKey, start } : undefined}
              />
            ) : null}
            {phase?.status === "resolving" ? (
              <p className="note" role="status" data-testid="resolving">
                Every nation has locked: movement and battles are being worked out…
              </p>
            ) : null}
            {phase?.status === "open" ? <p className="muted small">No battle waits: they are fought once every nation has locked its orders.</p> : null}
          </PanelTabContent>

          <PanelTabContent value="nations" keepMounted className={styles.tabPanel}>
            <NationsPanel view={view} />
          </PanelTabContent>

          {/* Press keeps its live count and its unread marks while another tab is shown. */}
          <PanelTabContent value="press" keepMounted className={styles.tabPanel}>
            <PressPanel gameId={gameId} shown={tab === "press"} />
          </PanelTabContent>

          <PanelTabContent value="board" keepMounted className={styles.tabPanel}>
            {view.board ? <BoardView board={view.board} mine={view.myNations} afterCombat={view.postCombat !== null} /> : null}
          </PanelTabContent>

          {lastTurn >= 1 ? (
            <PanelTabContent value="replay" keepMounted className={styles.tabPanel}>
              <ReviewLink gameId={gameId} turn={lastTurn} />
            </PanelTabContent>
          ) : null}
        </PanelTabs>
      </aside>
    </div>
  );
}
