// The database: auth (next-auth's adapter tables), games, phases, orders, locks, jobs, notifications.
// Tables plural, snake_case columns mapped to camelCase. A phase row is never changed once resolved.
import type { AdapterAccountType } from "@auth/core/adapters";

import { boolean, doublePrecision, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CasualtyPreference } from "../server/rulesets/1942/engine/combat/preference";
import type { GameResult } from "../server/rulesets/ruleset";
import type { AaMove, CombatReport, DecisionRecord, DecisionRequest, GameState, HouseRules, LandingOrder, Nation, Order, PostCombatChoices, PostCombatOrders } from "../server/rulesets/1942/engine";

export interface PhaseVerification {
  engine: string;
  ok: boolean;
  problems: string[];
  /** A digest of what the check read (checkedInputs): a row changed since is checked again. Absent
   * from checks stored before it was kept, which stand as they are. */
  inputs?: string;
}

export type PhaseStatus = "open" | "resolving" | "battles" | "post-combat" | "resolved";

/** The battle decisions a phase waits for, with the battles' progress so far (public once combat began). */
export interface PendingDecisions {
  pass: "sea" | "land";
  /** Each request with its own decision deadline (R3.1), kept while the request waits. */
  requests: (DecisionRequest & { deadline: string })[];
  /** Battles waiting: finished rounds, the round being fought (its dice), and the units. */
  battles: { territory: string; pass: "sea" | "land"; rounds: unknown[]; current?: unknown; bombardment?: unknown; destroyedAtOnce?: unknown; units: unknown[] }[];
  /** Battles of this phase already over (their full report). */
  finished?: unknown[];
  /** Sides that chose in a sub-phase still waiting for the other side (R6.3): who, never what. */
  decided?: { battle: string; round: number; step: "bombardment" | "submarine" | "general" | "retreat"; team: "Axis" | "Allies"; chooser: Nation }[];
}

/**
 * Post-combat (R7): the combat's report, public to the players from then on, and what each nation may
 * choose (each nation is shown only its own); the choices used are added when the phase resolves.
 */
export interface PostCombatStage {
  report: CombatReport;
  choices: PostCombatChoices;
  used?: PostCombatOrders;
}

// ---- next-auth (Auth.js drizzle adapter) ----------------------------------------------------

export const users = pgTable("users", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  email: text("email").unique(),
  emailVerified: timestamp("email_verified", { mode: "date", withTimezone: true }),
  image: text("image"),
  /** The owner marked this account as a bot (issue 23): it plays through the API, shown as a bot everywhere. */
  bot: boolean("bot").notNull().default(false),
});

export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<AdapterAccountType>().notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable("sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
});

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/** Sign-in mail when no SMTP server is configured: read at /dev/mailbox. */
export const devMailbox = pgTable("dev_mailbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  url: text("url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- games ----------------------------------------------------------------------------------

/** A fixed time of day in an IANA time zone, e.g. { time: "18:00", zone: "Europe/Berlin" }. */
export interface DailyTime {
  time: string;
  zone: string;
}

export interface GameOptions {
  /** A 1942 game created before its options moved to `rules`; read through ruleset-games/rules.ts. */
  lowLuck?: boolean;
  /** Hours a phase's orders stay open (R3.1). */
  ordersHours: number;
  /** Hours for battle and post-combat decisions (R3.1). */
  decisionHours: number;
  /** Empty seats go to robots (R3.2). */
  robots: boolean;
  /** A robot takes over a nation whose player let this many orders deadlines in a row pass unlocked (absent or 0: never). */
  robotTakeover?: number;
  /** Practice games: robots hold their units and buy nothing instead of playing (R3.2). */
  robotsHold?: boolean;
  /** Orders deadline at a fixed time of day in a time zone instead of `ordersHours` (R3.1). */
  ordersAt?: DailyTime;
  /** Decision deadline (battles, post-combat) at a fixed time of day instead of `decisionHours`. */
  decisionsAt?: DailyTime;
  /** A 1942 game created before its options moved to `rules` (R9); read through ruleset-games/rules.ts. */
  houseRules?: HouseRules;
  /**
   * The game's ruleset's own options
   * (`Ruleset.options`: variants, house rules) as the challenge gave them and the ruleset's setup
   * accepted them; `setup` gets them at the start and again when verify replays it.
   */
  rules?: Record<string, unknown>;
  /** Press (issue 14): absent means full press. */
  press?: PressMode;
  /** Players' names are hidden from each other until the game ends (nations only). */
  anonymous?: boolean;
  /** Missed orders deadlines per player this game excuses, 0–4 (absent: 1); see docs/players.md. */
  excusedMisses?: number;
  /** Deadlines wait for a player on vacation (docs/players.md). */
  honourVacations?: boolean;
  /** A rated game (no robots, no practice): its result moves the players' ratings. */
  rated?: boolean;
  /** What a player must have to join (checked when joining, under the game's lock). */
  requirements?: { minReliability?: number; minFinishedGames?: number };
}

/** A finished game's result as its ruleset gave it. */
export type FinishedResult = Extract<GameResult, { over: true }>;

export const games = pgTable("games", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: text("created_by")
    .notNull()
    .references(() => users.id),
  /** open (waiting for players) → active → finished. */
  status: text("status").$type<"open" | "active" | "finished">().notNull().default("open"),
  options: jsonb("options").$type<GameOptions>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  /** Set while the creator has paused the game: no deadline passes; resuming gives the time back. */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  /** The ruleset that judges the game (server/rulesets): "1942", "interplanetary", "triple-alliance". */
  ruleset: text("ruleset").notNull().default("1942"),
  /** The ruleset's scenario; null for the 1942 game, which has one. */
  scenario: text("scenario"),
  /**
   * A sandbox (issue 24): a private what-if copy whose seats all belong to its creator. Never listed,
   * never notifies, no deadline passes on its own; only its creator (and holders of its share link,
   * read-only) may see it. Any ruleset's game may be one: nothing here is a rule.
   */
  sandbox: boolean("sandbox").notNull().default(false),
  /** A sandbox's origin: the game (real or another sandbox) and the turn it was copied from. */
  sandboxOf: integer("sandbox_of"),
  sandboxTurn: integer("sandbox_turn"),
  /** A sandbox's read-only share link (random and unguessable); null until its owner shares it. */
  shareToken: text("share_token"),
  /**
   * How the game ended, in its ruleset's own words (Ruleset.result: winners are sides or team names),
   * written in the transaction that finishes it; null while it runs, after a sandbox steps back, and
   * for games finished before it was stored (read by replay then: ruleset-games/winners.ts).
   */
  result: jsonb("result").$type<FinishedResult>(),
}, (t) => [index("games_sandbox_owner_idx").on(t.createdBy, t.sandbox), uniqueIndex("games_share_token").on(t.shareToken)]);

/**
 * A seated side's id as the side columns (seats, locks, orders, attendance, press...) type it. The
 * platform names sides with this, never with a ruleset's own type: any ruleset's side id is stored
 * here; the columns are still typed with 1942's Nation for the 1942 services that read them, so the
 * one place to widen is this file.
 */
export type SeatSide = Nation;

/** One row per nation of a game: its player, or a robot (R3.2), or empty while open. */
export const seats = pgTable(
  "seats",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
    userId: text("user_id").references(() => users.id),
    robot: boolean("robot").notNull().default(false),
    /** A bot account invited into this seat by the challenge (issue 23): only it may join the seat. */
    reservedFor: text("reserved_for").references(() => users.id, { onDelete: "set null" }),
    /** Orders deadlines in a row this nation's player let pass unlocked (for robot takeover). */
    missedDeadlines: integer("missed_deadlines").notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.nation] }), index("seats_user_idx").on(t.userId)],
);

/**
 * A phase of a turn. Open while nations order; resolving once the adjudication job is queued;
 * resolved with its report. The seed stays hidden until then; its SHA-256 is published from the start.
 */
export const phases = pgTable(
  "phases",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    turn: integer("turn").notNull(),
    kind: text("kind").$type<"orders">().notNull(),
    /** A ruleset's turn of several phases (ruleset.phaseOf): which of them this row is, from 0. A
     * 1942 turn and a turn of one phase: always 0. */
    step: integer("step").notNull().default(0),
    /** open → resolving (job queued) → battles (waiting for decisions) ⇄ resolving → post-combat
     * (air to land, when a player has some) → resolving → resolved. */
    status: text("status").$type<PhaseStatus>().notNull().default("open"),
    startState: jsonb("start_state").$type<GameState>().notNull(),
    /** Every nation's orders as used by the adjudication (written when it resolves). `json`, not
     * `jsonb`, keeps the stored text exactly as written, so a rerun can be compared byte for byte. */
    orders: json("orders").$type<Partial<Record<Nation, Order[]>>>(),
    /** Battle decisions made so far, players' and deadline defaults (R6.6, R6.7, R3.1). */
    decisions: json("decisions").$type<DecisionRecord[]>(),
    /** While status is "battles": the decisions the phase waits for. */
    pending: json("pending").$type<PendingDecisions>(),
    decisionDeadline: timestamp("decision_deadline", { withTimezone: true }),
    /** From the end of combat: the post-combat stage (R7). */
    postCombat: json("post_combat").$type<PostCombatStage>(),
    seed: text("seed").notNull(),
    seedHash: text("seed_hash").notNull(),
    engineVersion: text("engine_version").notNull(),
    report: json("report"),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** game.verify's check of this resolved phase, by the engine version that made it: a replay is
     * costly, so players asking again read this instead. */
    verification: jsonb("verification").$type<PhaseVerification>(),
  },
  (t) => [uniqueIndex("phases_game_turn_kind_step").on(t.gameId, t.turn, t.kind, t.step)],
);

/** A nation's saved orders, one row per order, in its listing order (R4.2). */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    phaseId: integer("phase_id")
      .notNull()
      .references(() => phases.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
    position: integer("position").notNull(),
    order: jsonb("order").$type<Order>().notNull(),
    /** The player who saved it; null: a robot's order (R3.2). */
    savedBy: text("saved_by").references(() => users.id),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("orders_phase_nation_position").on(t.phaseId, t.nation, t.position)],
);

/** A nation's lock of a phase (R3). Robots lock with `lockedBy` null. */
export const locks = pgTable(
  "locks",
  {
    phaseId: integer("phase_id")
      .notNull()
      .references(() => phases.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
    lockedBy: text("locked_by").references(() => users.id),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phaseId, t.nation] })],
);

/** A nation's post-combat choices (R7.1 landings, R7.2 AA moves), checked by the engine when saved. */
export const postCombatOrders = pgTable(
  "post_combat_orders",
  {
    phaseId: integer("phase_id")
      .notNull()
      .references(() => phases.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
    landings: jsonb("landings").$type<LandingOrder[]>().notNull().default([]),
    aaMoves: jsonb("aa_moves").$type<AaMove[]>().notNull().default([]),
    savedBy: text("saved_by").references(() => users.id),
    /** R7.3 — set when the nation locks; robots and nations with nothing to choose are locked at once. */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.phaseId, t.nation] })],
);

/** The job queue: claimed with FOR UPDATE SKIP LOCKED; `key` makes an adjudication enqueue once. */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    kind: text("kind").$type<"adjudicate">().notNull(),
    payload: jsonb("payload").$type<{ phaseId: number }>().notNull(),
    status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("jobs_key").on(t.key), index("jobs_claim_idx").on(t.status, t.runAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gameId: integer("game_id").references(() => games.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    text: text("text").notNull(),
    url: text("url").notNull(),
    /** The event this tells of (`deadline:<phase>:<nation>`, ...): unique per user, so each event is told once. */
    eventKey: text("event_key"),
    /** What must still hold when an email or push is sent (checked again then; see services/notify-facts.ts). */
    fact: jsonb("fact").$type<NotificationFact>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), uniqueIndex("notifications_user_event").on(t.userId, t.eventKey)],
);

export type NotificationKind = "turn-resolved" | "game-started" | "decision-waiting" | "deadline-soon" | "post-combat" | "robot-takeover" | "game-over" | "press-message" | "press-digest";

/** The fact a notification states, re-checked before an email or push goes out (never a stale message). */
export type NotificationFact =
  | { kind: "game-started"; gameId: number }
  | { kind: "turn-resolved"; phaseId: number }
  | { kind: "game-over"; gameId: number }
  | { kind: "decision-waiting"; phaseId: number; nation: Nation }
  | { kind: "deadline-soon"; phaseId: number; nation: Nation; deadline: string }
  | { kind: "post-combat"; phaseId: number; nation: Nation }
  | { kind: "robot-takeover"; gameId: number; nation: Nation }
  /** Still a member of the channel and not muted (press, issue 14). */
  | { kind: "press-message"; channelId: number; messageId: number }
  /** An hourly email digest of a game's press: unread messages from `fromMessageId` on. */
  | { kind: "press-digest"; gameId: number; fromMessageId: number };

export type DeliveryChannel = "email" | "push";

/**
 * One row per (notification, channel): a notification is unique per event and user, so this is the
 * outbox that sends each event once per user and channel. Claimed with FOR UPDATE SKIP LOCKED.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: serial("id").primaryKey(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text("channel").$type<DeliveryChannel>().notNull(),
    /** pending → sending (claimed) → sent | skipped (fact no longer true, channel off) | failed. */
    status: text("status").$type<"pending" | "sending" | "sent" | "skipped" | "failed">().notNull().default("pending"),
    /** Not before: quiet hours and retries move it later. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** Why it was skipped or failed. */
    reason: text("reason"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("deliveries_notification_channel").on(t.notificationId, t.channel), index("deliveries_due_idx").on(t.status, t.dueAt)],
);

/** A user's channels and quiet hours; no row means the defaults (email and push on, no quiet hours). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: boolean("email").notNull().default(true),
  push: boolean("push").notNull().default(true),
  /** Quiet hours as minutes after local midnight, in `timeZone`; both null: none. */
  quietStart: integer("quiet_start"),
  quietEnd: integer("quiet_end"),
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Press (issue 14): each message in the app, each message by push, an hourly email digest per game. */
  pressInApp: boolean("press_in_app").notNull().default(true),
  pressPush: boolean("press_push").notNull().default(true),
  pressEmail: boolean("press_email").notNull().default(true),
});

/** A browser's Web Push subscription (PushSubscription.toJSON()); the endpoint is unique. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** Keys the server makes once and keeps (the VAPID key pair for Web Push); never regenerated. */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, string>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});


// ---- rate limits ----------------------------------------------------------------------------

/**
 * Fixed-window counters (server/services/rate-limit.ts): one row per limit, subject and window, counted
 * up by one atomic upsert, so the limit holds across app processes. The subject is stored hashed.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_expires_idx").on(t.expiresAt)],
);

// ---- press (issue 14): channels of nations, their messages, and each user's read state --------

/** Press mode of a game, chosen in the challenge: every channel, the public one only, or none. */
export type PressMode = "full" | "public" | "none";

/**
 * A channel of a game: the public one (all five nations) or a private one of two or more nations,
 * fixed when opened. `memberKey` (the sorted nations, or "public") makes a member set unique per game.
 * The correspondence belongs to the nations, not their players: whoever plays a member nation reads it.
 */
export const pressChannels = pgTable(
  "press_channels",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"public" | "private">().notNull(),
    memberKey: text("member_key").notNull(),
    openedBy: text("opened_by").$type<Nation>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("press_channels_game_members").on(t.gameId, t.memberKey)],
);

export const pressChannelMembers = pgTable(
  "press_channel_members",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => pressChannels.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.nation] }), index("press_channel_members_nation_idx").on(t.nation)],
);

/** A message: plain text from a nation, tagged with the turn and phase it was sent in; never changed. */
export const pressMessages = pgTable(
  "press_messages",
  {
    id: serial("id").primaryKey(),
    channelId: integer("channel_id")
      .notNull()
      .references(() => pressChannels.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    senderNation: text("sender_nation").$type<Nation>().notNull(),
    /** The user who wrote it: for rate limits and one's own unread count; never shown. */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    turn: integer("turn").notNull(),
    /** The phase it was sent in: "waiting" (before the start), "orders", "battles", "post-combat", "over". */
    phase: text("phase").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("press_messages_channel_idx").on(t.channelId, t.id), index("press_messages_sender_idx").on(t.sentBy, t.createdAt)],
);

/** How far a user has read a channel (the id of the last message read). */
export const pressReads = pgTable(
  "press_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => pressChannels.id, { onDelete: "cascade" }),
    lastReadId: integer("last_read_id").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] })],
);

/** A user muted a channel: its messages notify them no more (they stay readable and counted). */
export const pressMutes = pgTable(
  "press_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => pressChannels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] })],
);

/** A message reported by a member, for the game's creator to read. */
export const pressReports = pgTable(
  "press_reports",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => pressMessages.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("press_reports_message_user").on(t.messageId, t.reportedBy), index("press_reports_game_idx").on(t.gameId)],
);

/**
 * Live events, kept a day so a stream can resume from the last id it saw and a server whose LISTEN
 * connection dropped can re-read what it missed (issue 15). Exactly one of gameId and userId is set.
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id"),
    userId: text("user_id"),
    /** The event as published (GameEvent or UserEvent); hints to refetch, never secrets. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_game_idx").on(t.gameId, t.id), index("events_user_idx").on(t.userId, t.id), index("events_created_idx").on(t.createdAt)],
);

/** Each running worker's heartbeat, for /api/health (a worker whose beat is old is dead or cut off). */
export const workerBeats = pgTable("worker_beats", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's battle preferences in a game, readable by that player alone: the standing casualty
 * order, and the battles of one phase the player left to it ("resolve with my preferences").
 */
/**
 * A side's standing settings in a game of any ruleset (migration 0024): what its ruleset's
 * `standing.check` accepted, applied by `standing.apply` when a phase closes; the side's player alone
 * reads it (ruleset-games/standing.ts).
 */
export const standings = pgTable(
  "standings",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    side: text("side").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.side] })],
);

export const battlePreferences = pgTable(
  "battle_preferences",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    casualties: text("casualties").$type<CasualtyPreference>().notNull().default("default"),
    /** The phase whose battles in `autoBattles` are decided by the preference as they come. */
    autoPhaseId: integer("auto_phase_id"),
    autoBattles: jsonb("auto_battles").$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);


// ---- players (issue 22): reliability records, vacations, ratings -------------------------------

/**
 * What a player did with a phase: "acted" (locked its orders) or "missed" (the deadline passed
 * unlocked), written once when the phase closes; "excused" (a miss that moved the deadline instead),
 * "vacation" (a deadline moved for the player's vacation) and "left" (left the game before its end)
 * when they happen. The reliability figure and the rating weights are read from these rows.
 */
export const attendance = pgTable(
  "attendance",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    phaseId: integer("phase_id")
      .notNull()
      .references(() => phases.id, { onDelete: "cascade" }),
    nation: text("nation").$type<Nation>().notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    outcome: text("outcome").$type<AttendanceOutcome>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attendance_user_idx").on(t.userId, t.createdAt), index("attendance_game_idx").on(t.gameId, t.userId)],
);

export type AttendanceOutcome = "acted" | "missed" | "excused" | "vacation" | "left";

/** A player's declared vacation; `endedAt` is set when it ends early (an action in a game, or by hand). */
export const vacations = pgTable(
  "vacations",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("vacations_user_idx").on(t.userId, t.startsAt)],
);

/** A player's OpenSkill rating in one ruleset, from rated games only. */
export const ratings = pgTable(
  "ratings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ruleset: text("ruleset").notNull(),
    mu: doublePrecision("mu").notNull(),
    sigma: doublePrecision("sigma").notNull(),
    games: integer("games").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ruleset] }), index("ratings_ruleset_idx").on(t.ruleset, t.games)],
);

/** How one rated game moved a player's rating (the game's result shows it; the profile charts it). */
export const ratingChanges = pgTable(
  "rating_changes",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ruleset: text("ruleset").notNull(),
    team: text("team").notNull(),
    won: boolean("won").notNull(),
    weight: doublePrecision("weight").notNull(),
    muBefore: doublePrecision("mu_before").notNull(),
    sigmaBefore: doublePrecision("sigma_before").notNull(),
    muAfter: doublePrecision("mu_after").notNull(),
    sigmaAfter: doublePrecision("sigma_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index("rating_changes_user_idx").on(t.userId, t.createdAt)],
);

// ---- API tokens (issue 23): the public HTTP API's credentials ---------------------------------

/**
 * What a token may do: read (views, destinations, press), play (orders, battles, landings, challenges),
 * press (send), webhooks (register, test and delete the user's webhooks).
 */
export type TokenScope = "read" | "play" | "press" | "webhooks";

/**
 * A user's API token. The secret is shown once and stored only as its SHA-256 hash; `prefix` (a short
 * random, public part of the token) finds the row. A token expires, and a revoked one stays listed.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull(),
    scopes: text("scopes").array().$type<TokenScope[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_tokens_prefix_idx").on(t.prefix), index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);

// ---- webhooks (issue 23): events told to a user's own https receiver --------------------------

/** The events a webhook may ask for: the notification kinds of the same names (services/notify.ts). */
export type WebhookEvent = "turn-resolved" | "deadline-soon" | "decision-waiting" | "game-over";
/** `json`: Lockstep's own signed body; `discord`: a Discord "execute webhook" body (also signed). */
export type WebhookFormat = "json" | "discord";

/**
 * A user's webhook. The signing secret is not stored: it is HMAC(AUTH_SECRET, id and `salt`), made
 * again to sign each delivery (services/webhooks/secret.ts), so a copy of the database alone cannot
 * forge a signature. `gameId` limits it to one game; its creator also hears that game's public events.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().$type<WebhookEvent[]>().notNull(),
    format: text("format").$type<WebhookFormat>().notNull().default("json"),
    gameId: integer("game_id").references(() => games.id, { onDelete: "cascade" }),
    salt: text("salt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_user_idx").on(t.userId), index("webhooks_game_idx").on(t.gameId)],
);

/**
 * The webhooks' outbox: one row per (webhook, event), written in the transaction that made the event
 * and sent later by the delivery loop. pending → sending → sent, or back to pending with a later
 * `dueAt` after a failure, until the last attempt fails: `failed` is the dead letter the owner sees.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** A WebhookEvent, or "test" for "send a test". */
    event: text("event").notNull(),
    eventKey: text("event_key").notNull(),
    /** What is sent (before the format): only what the webhook's owner may see. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "sending" | "sent" | "failed">().notNull().default("pending"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** The receiver's last HTTP status, if it answered. */
    responseStatus: integer("response_status"),
    /** Why the last attempt failed. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("webhook_deliveries_event").on(t.webhookId, t.eventKey), index("webhook_deliveries_due_idx").on(t.status, t.dueAt)],
);
