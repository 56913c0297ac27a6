"use client";
// One game, live: the map fills the screen (desktop: beside a side panel; phone: above a bottom
// sheet), with the turn, the deadline and who is still to lock over it. The panel holds the orders of
// each nation the viewer plays, the battles, the nations, the board and the last turn's replay, as
// tabs. Events from game.events are hints: any of them refetches the game.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { NATIONS, type Nation } from "../../../server/engine/types";
import { errorText, type OrderLike } from "../../components/format";
import { useTRPC } from "../../trpc/client";
import dynamic from "next/dynamic";
import { myWaitingText } from "./battle-waiting";
import { useOnBattleFocus } from "./battle/battle-focus";
import { Deadline } from "./deadline";
import { slug, type Board, type GameView, type UnitStack } from "./game-types";
import { BoardMap } from "./map/board-map";
import { MapOrders } from "./map/map-orders";

import { anchorOf } from "./map/map-geometry";
import type { View } from "./map/use-map-zoom";
import styles from "./game-screen.module.css";
import { useHeaderHeight } from "./use-header-height";
import { useOrderDraft, type DraftOrderLike } from "./use-order-draft";

// Loaded when first shown, not with the page: battles and landings only in their phases,
// the list view once opened. The first load carries the map and the orders panel.
const Battles = dynamic(() => import("./battle-decisions").then((m) => m.Battles));
const BattleMarkers = dynamic(() => import("./map/battle-markers").then((m) => m.BattleMarkers), { ssr: false });
const PostCombat = dynamic(() => import("./post-combat").then((m) => m.PostCombat));
const OrdersEditor = dynamic(() => import("./orders-editor").then((m) => m.OrdersEditor));
// Press loads after the map: it is a panel of its own, fetching its own data.
const PressPanel = dynamic(() => import("./press/press-panel").then((m) => m.PressPanel));
// The Nations and Board tabs are hidden at first: their contents load after the map.
const NationsPanel = dynamic(() => import("./nations-panel").then((m) => m.NationsPanel));
const BoardView = dynamic(() => import("./board-panel").then((m) => m.BoardView));
// Last turn's battles appear once the history is fetched; the result's rating changes and the
// replay tab's link only in their moments: none of them is needed to draw the first screen.
const RecentBattles = dynamic(() => import("./recent-battles").then((m) => m.RecentBattles));
const RatingChanges = dynamic(() => import("./rating-changes").then((m) => m.RatingChanges));
const ReviewLink = dynamic(() => import("./turn/review-link").then((m) => m.ReviewLink));
import { PressTabCount } from "./press/press-tab-count";
import { SheetHandle, closeOnEscape } from "./sheet-handle";

const PHASE_STATUS: Record<string, string> = {
  open: "orders open",
  resolving: "resolving — every nation has locked",
  battles: "battles waiting for decisions",
  "post-combat": "after combat: air units landing",
  resolved: "resolved",
};

// useSyncExternalStore's snapshots for "is this the client, hydrated?" (false on the server and while
// hydrating, true from then on).
const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

export function GameScreen({ gameId, initial }: { gameId: number; initial: GameView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const game = useQuery({ ...trpc.game.get.queryOptions({ gameId }), initialData: initial, refetchInterval: 60_000 });
  const [resolvedTurn, setResolvedTurn] = useState<number | null>(null);

  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.game.get.queryKey({ gameId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey() });
  };
  // The history (for the last turn's battles) changes only when a turn resolves.
  const refetchHistory = () => void queryClient.invalidateQueries({ queryKey: trpc.game.history.queryKey({ gameId }) });

  const events = useSubscription(
    trpc.game.events.subscriptionOptions(
      { gameId },
      {
        onStarted: () => {
          // (re)connected: anything missed meanwhile is fetched
          refetch();
          refetchHistory();
        },
        onData: (message) => {
          const ev = ("data" in message ? message.data : message) as { kind: string; turn?: number };
          if (ev.kind === "turn-resolved" && ev.turn) {
            setResolvedTurn(ev.turn);
            refetchHistory();
          }
          refetch();
        },
      },
    ),
  );

  // "Reconnecting" only after the stream was up once (the first connect is not news).
  const connectedOnce = useRef(false);
  if (events.status === "pending") connectedOnce.current = true;
  const reconnecting = connectedOnce.current && (events.status === "connecting" || events.status === "error");

  // A turn that resolved while the stream was down still shows the banner once the refetch sees it.
  const view = game.data;
  const turn = view.phase?.turn ?? null;
  const firstTurn = useRef(turn);
  useEffect(() => {
    if (turn !== null && firstTurn.current !== null && turn > firstTurn.current) setResolvedTurn((t) => Math.max(t ?? 0, turn - 1));
  }, [turn]);

  const phase = view.phase;
  const waiting = phase?.status === "battles" && phase.pending ? myWaitingText(phase.pending.requests) : [];
  // A background tab shows in its title that a decision waits.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) Decide! · /, "");
    document.title = waiting.length > 0 ? `(${waiting.length}) Decide! · ${base}` : base;
  }, [waiting.length]);
  const lastTurn = phase ? (phase.status === "resolved" ? phase.turn : phase.turn - 1) : 0;
  const victoryCities = view.game.houseRules?.victoryCities === true;

  // One map: drawn by the orders of the nation chosen here (a player of several nations switches),
  // or, for spectators and before the game starts, as a plain board.
  const [mapHost, setMapHost] = useState<HTMLDivElement | null>(null);
  const [mapNation, setMapNation] = useState<Nation | null>(view.myNations[0] ?? null);
  const shownNation = mapNation && view.myNations.includes(mapNation) ? mapNation : (view.myNations[0] ?? null);
  const start = useMemo(() => ownUnitsBox(view.board?.units ?? [], view.myNations), [view.board, view.myNations]);
  const storageKey = `lockstep:map-view:${gameId}`;
  // After combat, the map lands the shown nation's aircraft (post-combat.tsx) instead of ordering.
  const landing = phase?.status === "post-combat" && shownNation !== null && view.postCombat?.mine[shownNation] !== undefined;

  // The side panel's tab follows the phase: orders while they are open, battles when they wait.
  const phaseTab = phase?.status === "battles" || phase?.status === "post-combat" || phase?.status === "resolving" ? "battles" : "orders";
  const [tab, setTab] = useState<string>(phaseTab);
  useEffect(() => setTab(phaseTab), [phaseTab, phase?.id]);
  // Hidden panels' contents are left out of the server render (a third of the page's markup) and
  // drawn by the client once it runs: the server renders what is seen first.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const shows = (panel: string) => tab === panel || hydrated;
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetButton = useRef<HTMLButtonElement>(null);
  useHeaderHeight();
  // A battle's marker on the map opens it: the Battles panel (on a phone, the sheet) shows it.
  useOnBattleFocus(() => {
    setTab("battles");
    setSheetOpen(true);
  });

  const waitingFor =
    phase?.status === "open" ? NATIONS.length - phase.locked.length : phase?.status === "post-combat" && view.postCombat ? view.postCombat.waitingFor.length : 0;

  return (
    <div className={styles.screen} data-testid="game-screen" data-sheet={sheetOpen ? "open" : "closed"}>
      <div className={styles.mapArea} data-testid="game-map-area">
        <div className={styles.status} data-testid="game-status">
          <h1 className={styles.name} data-testid="game-name">
            {view.game.name}
          </h1>
          {phase ? (
            <>
              <strong data-testid="turn-number">Turn {phase.turn}</strong>
              <span data-testid="phase-status">{PHASE_STATUS[phase.status] ?? phase.status}</span>
              {phase.status === "open" ? (
                <Deadline iso={phase.deadline} running={!view.game.pausedAt} label="Orders due" testId="deadline" gameZone={view.game.ordersAt?.zone} />
              ) : phase.status === "battles" && phase.decisionDeadline ? (
                <Deadline iso={phase.decisionDeadline} running={!view.game.pausedAt} label="Battle decisions due" gameZone={view.game.decisionsAt?.zone} />
              ) : phase.status === "post-combat" && phase.decisionDeadline ? (
                <Deadline iso={phase.decisionDeadline} running={!view.game.pausedAt} label="Landings due" gameZone={view.game.decisionsAt?.zone} />
              ) : null}
              {waitingFor > 0 ? (
                <span className={styles.waiting} data-testid="waiting-count">
                  waiting for {waitingFor} {waitingFor === 1 ? "nation" : "nations"}
                </span>
              ) : null}
            </>
          ) : (
            <span data-testid="phase-status">{view.game.status === "open" ? "Waiting for players: the game starts when every nation has a player or a robot." : "No phase yet."}</span>
          )}
          {reconnecting ? <span className="muted"> live updates reconnecting…</span> : null}
        </div>
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
        {resolvedTurn !== null ? (
          <div className="banner" role="status" data-testid="turn-resolved-banner">
            <span>
              Turn {resolvedTurn} resolved — <Link href={`/game/${gameId}/turn/${resolvedTurn}`}>read what happened</Link> ·{" "}
              <Link href={`/game/${gameId}/history#turn-${resolvedTurn}`}>in the history</Link>
            </span>
            <button type="button" className="button button-quiet button-small" onClick={() => setResolvedTurn(null)} aria-label="Dismiss">
              ✕
            </button>
          </div>
        ) : null}

        {waiting.length > 0 ? (
          <div className="banner banner-decide" data-testid="decision-waiting">
            <span>
              {/* Only the message is live: the countdown beside it would be read out every second. */}
              <span role="status">
                {waiting.length === 1 ? "A decision waits for you" : `${waiting.length} decisions wait for you`}: {waiting.join("; ")}.
              </span>{" "}
              {phase?.decisionDeadline ? <Deadline iso={phase.decisionDeadline} running={!view.game.pausedAt} label="Due" gameZone={view.game.decisionsAt?.zone} /> : null}
            </span>
            <button type="button" className="button button-small" onClick={() => setTab("battles")}>
              Decide now
            </button>
          </div>
        ) : null}

        {view.result ? (
          <div className="note game-result" data-testid="game-over" role="status">
            <h2>
              {view.result.winner === "nobody" ? "The game is over" : `The ${view.result.winner} win the war`} in turn {view.result.turn}
            </h2>
            <p>{view.result.reason}</p>
            <RatingChanges changes={view.result.ratingChanges} />
            <p>
              <Link href={`/game/${gameId}/turn/${view.result.turn}`}>Read how it ended</Link> · <Link href={`/game/${gameId}/history`}>the whole history</Link>
            </p>
          </div>
        ) : view.game.status === "finished" ? (
          <p className="note" data-testid="game-over">
            The game is over. <Link href={`/game/${gameId}/history`}>Read how it ended</Link>.
          </p>
        ) : null}
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

        <Tabs.Root value={tab} onValueChange={setTab} className={styles.tabs}>
          <Tabs.List className={styles.tabList} aria-label="The game screen's panels">
            <Tabs.Trigger value="orders" className={styles.tab} data-testid="tab-orders">
              Orders
            </Tabs.Trigger>
            <Tabs.Trigger value="battles" className={styles.tab} data-testid="tab-battles">
              Battles{waiting.length > 0 ? ` (${waiting.length})` : ""}
            </Tabs.Trigger>
            <Tabs.Trigger value="nations" className={styles.tab} data-testid="tab-nations">
              Nations
            </Tabs.Trigger>
            <Tabs.Trigger value="board" className={styles.tab} data-testid="tab-board">
              Board
            </Tabs.Trigger>
            {lastTurn >= 1 ? (
              <Tabs.Trigger value="replay" className={styles.tab} data-testid="tab-replay">
                Replay
              </Tabs.Trigger>
            ) : null}
            <Tabs.Trigger value="press" className={styles.tab} data-testid="tab-press">
              Press
              <PressTabCount gameId={gameId} />
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="orders" forceMount className={styles.tabPanel}>
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
                    key={nation}
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
          </Tabs.Content>

          <Tabs.Content value="battles" forceMount className={styles.tabPanel} id="battles">
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
          </Tabs.Content>

          <Tabs.Content value="nations" forceMount className={styles.tabPanel}>
            {shows("nations") ? (
              <NationsPanel view={view} />
            ) : null}
          </Tabs.Content>

          {/* Press keeps its live count and its unread marks while another tab is shown. */}
          <Tabs.Content value="press" forceMount className={styles.tabPanel}>
            <PressPanel gameId={gameId} shown={tab === "press"} />
          </Tabs.Content>

          <Tabs.Content value="board" forceMount className={styles.tabPanel}>
            {view.board && shows("board") ? <BoardView board={view.board} mine={view.myNations} afterCombat={view.postCombat !== null} /> : null}
          </Tabs.Content>

          {lastTurn >= 1 ? (
            <Tabs.Content value="replay" className={styles.tabPanel}>
              <ReviewLink gameId={gameId} turn={lastTurn} />
            </Tabs.Content>
          ) : null}
        </Tabs.Root>
      </aside>
    </div>
  );
}

/** The box around the viewer's own units (the map opens there); null for spectators. */
function ownUnitsBox(units: readonly UnitStack[], mine: readonly Nation[]): View | null {
  const points = units.filter((u) => mine.includes(u.nation)).map((u) => anchorOf(u.at));
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 30;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}

const LIST_VIEW_KEY = "lockstep:list-view";

/** Whether the player keeps the list view (forms) open: a preference kept in this browser. */
function useListViewOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(localStorage.getItem(LIST_VIEW_KEY) === "1"), []);
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        localStorage.setItem(LIST_VIEW_KEY, next ? "1" : "0");
      } catch {
        // not kept
      }
    },
  ];
}

/** One nation's orders: the map (drawn into the map area) and the list view, sharing one draft. */
function NationOrders(props: {
  phaseId: number;
  gameId: number;
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  saved: OrderLike[];
  board: Board;
  victoryCities: boolean;
  onChanged: () => void;
  /** House rule R9.2: factory prices in the list view. */
  vcFactories: boolean;
  mapHost: HTMLElement | null;
  start: View | null;
  storageKey: string;
}) {
  const { phaseId, gameId, nation, phaseOpen, locked, saved, board, victoryCities, onChanged, vcFactories } = props;
  // Kept across turns (the map keeps its view); the draft starts again from the saved orders of each new phase.
  const orders = useOrderDraft(gameId, nation, saved as DraftOrderLike[], onChanged, phaseId);
  const [listOpen, setListOpen] = useListViewOpen();
  return (
    <>
      <MapOrders
        gameId={gameId}
        nation={nation}
        phaseOpen={phaseOpen}
        locked={locked}
        board={board}
        victoryCities={victoryCities}
        orders={orders}
        phaseId={phaseId}
        mapHost={props.mapHost}
        start={props.start}
        storageKey={props.storageKey}
      />
      <details className={styles.listView} open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
        <summary data-testid={`list-view-${slug(nation)}`}>Orders as a list (forms)</summary>
        {listOpen ? <OrdersEditor nation={nation} phaseOpen={phaseOpen} locked={locked} saved={saved as DraftOrderLike[]} board={board} orders={orders} vcFactories={vcFactories} /> : null}
      </details>
    </>
  );
}

