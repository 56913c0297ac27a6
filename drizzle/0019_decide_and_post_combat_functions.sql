-- The battle decision, the post-combat lock and the unlocks in one call each (issue 20), as
-- orders.lock is one (0018): no BEGIN and COMMIT around statements sent one by one while the phase row
-- is held, so racing requests wait less. As in lock_orders, each statement of these volatile functions
-- reads with a fresh snapshot taken after the locks before it were granted: a request that waited for
-- a racing one's phase row sees what that one wrote (a stage closes once, a decision is recorded once).
-- The refusals are returned as outcomes; the app gives them their words (server/services).
-- The channels are those of server/jobs/queue.ts (JOBS_CHANNEL) and server/runtime-events.ts
-- (EVENTS_CHANNEL).
-- Whether a user plays a nation of a 1942 game (the router's nationProcedure; lock_orders' first check).
CREATE FUNCTION plays_1942_nation(p_game integer, p_nation text, p_user text)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id AND g.ruleset = '1942'
                 WHERE s.game_id = p_game AND s.nation = p_nation AND s.user_id = p_user)
$$;
--> statement-breakpoint
-- A game's event stored and announced (events.ts gameEventPart): a sandbox's is private to its stream.
CREATE FUNCTION publish_game_event(p_game integer, p_event jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_event jsonb := p_event;
  v_sent text;
BEGIN
  IF EXISTS (SELECT 1 FROM games g WHERE g.id = p_game AND g.sandbox) THEN
    v_event := v_event || '{"private":true}'::jsonb;
  END IF;
  WITH e AS (INSERT INTO events (game_id, payload) VALUES (p_game, v_event) RETURNING id, payload)
  SELECT pg_notify('lockstep_events', (e.payload || jsonb_build_object('id', e.id))::text) INTO v_sent FROM e;
END
$$;
--> statement-breakpoint
-- An adjudication job once per key (queue.ts enqueue), due from the moment it is written; its NOTIFY
-- only if new.
CREATE FUNCTION enqueue_adjudication(p_key text, p_phase integer)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO jobs (key, kind, payload, run_at) VALUES (p_key, 'adjudicate', jsonb_build_object('phaseId', p_phase), clock_timestamp())
  ON CONFLICT (key) DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('lockstep_jobs', p_key);
  END IF;
END
$$;
--> statement-breakpoint
-- orders.unlock: the seat, the game's open phase locked, the lock removed, the phase's locks (in
-- p_nations' order, as events list them) and the event. Returns {outcome, locked}: outcome 'unlocked'
-- or a refusal: 'not-yours', 'no-phase', 'finished', 'closed' (as lock_orders).
CREATE FUNCTION unlock_orders(p_game integer, p_nation text, p_user text, p_nations text[])
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_status text;
  v_locked text[];
BEGIN
  IF NOT plays_1942_nation(p_game, p_nation, p_user) THEN
    RETURN jsonb_build_object('outcome', 'not-yours');
  END IF;
  SELECT id, turn INTO v_phase, v_turn FROM phases WHERE game_id = p_game AND status = 'open' FOR UPDATE;
  IF NOT FOUND THEN
    -- Why there is no open phase (orders.ts noOpenPhase).
    SELECT status INTO v_status FROM phases WHERE game_id = p_game ORDER BY turn DESC LIMIT 1;
    RETURN jsonb_build_object('outcome', CASE WHEN v_status IS NULL THEN 'no-phase' WHEN v_status = 'resolved' THEN 'finished' ELSE 'closed' END);
  END IF;
  DELETE FROM locks WHERE phase_id = v_phase AND nation = p_nation;
  SELECT coalesce(array_agg(t.n ORDER BY t.ord), '{}') INTO v_locked
  FROM unnest(p_nations) WITH ORDINALITY AS t(n, ord)
  WHERE EXISTS (SELECT 1 FROM locks l WHERE l.phase_id = v_phase AND l.nation = t.n);
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn, 'phaseId', v_phase, 'locked', to_jsonb(v_locked)));
  RETURN jsonb_build_object('outcome', 'unlocked', 'locked', to_jsonb(v_locked));
END
$$;
--> statement-breakpoint
-- The nations that have locked their post-combat moves, in p_nations' order.
CREATE FUNCTION post_combat_locked(p_phase integer, p_nations text[])
RETURNS text[]
LANGUAGE sql
VOLATILE
AS $$
  SELECT coalesce(array_agg(t.n ORDER BY t.ord), '{}')
  FROM unnest(p_nations) WITH ORDINALITY AS t(n, ord)
  WHERE EXISTS (SELECT 1 FROM post_combat_orders o WHERE o.phase_id = p_phase AND o.nation = t.n AND o.locked_at IS NOT NULL)
$$;
--> statement-breakpoint
-- postCombat.lock (R7.3): the seat, the game's latest phase locked, the nation's row locked, its
-- "post-combat" notes acted on, and, when no row is left unlocked, the stage closed and the end of the
-- turn queued (post-combat.ts closePostCombat); then the event and the end of the locker's vacation.
-- Returns {outcome, turn, locked}: outcome 'locked', 'resolving' (this lock was the last) or a refusal:
-- 'not-yours', 'no-phase', 'not-open' (no post-combat stage now), 'no-row' (nothing to land or move).
CREATE FUNCTION lock_post_combat(p_game integer, p_nation text, p_user text, p_nations text[], p_ends_vacation boolean)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_status text;
  v_locked text[];
  v_resolving boolean;
BEGIN
  IF NOT plays_1942_nation(p_game, p_nation, p_user) THEN
    RETURN jsonb_build_object('outcome', 'not-yours');
  END IF;
  SELECT id, turn, status INTO v_phase, v_turn, v_status FROM phases WHERE game_id = p_game ORDER BY turn DESC, step DESC LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no-phase');
  END IF;
  IF v_status <> 'post-combat' THEN
    RETURN jsonb_build_object('outcome', 'not-open');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM post_combat_orders WHERE phase_id = v_phase AND nation = p_nation) THEN
    RETURN jsonb_build_object('outcome', 'no-row');
  END IF;
  UPDATE post_combat_orders SET locked_at = now(), saved_by = p_user WHERE phase_id = v_phase AND nation = p_nation AND locked_at IS NULL;
  -- The game's "post-combat" notes are acted on (notifications.ts markActedOn).
  UPDATE notifications SET read_at = now() WHERE user_id = p_user AND game_id = p_game AND kind = 'post-combat' AND read_at IS NULL;
  v_locked := post_combat_locked(v_phase, p_nations);
  v_resolving := NOT EXISTS (SELECT 1 FROM post_combat_orders WHERE phase_id = v_phase AND locked_at IS NULL);
  IF v_resolving THEN
    -- R7.3: the last lock closes the stage and queues the end of the turn (post-combat.ts finishKey).
    UPDATE phases SET status = 'resolving' WHERE id = v_phase AND status = 'post-combat';
    PERFORM enqueue_adjudication('adjudicate:' || v_phase || ':post-combat', v_phase);
  END IF;
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn));
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN jsonb_build_object('outcome', CASE WHEN v_resolving THEN 'resolving' ELSE 'locked' END, 'turn', v_turn, 'locked', to_jsonb(v_locked));
END
$$;
--> statement-breakpoint
-- postCombat.unlock (R7.3): the seat, the game's latest phase locked, the nation's row unlocked when
-- it has something to choose (post-combat.ts choosers: air to land or AA guns to move), the event.
-- Returns {outcome, locked}: outcome 'unlocked' or a refusal: 'not-yours', 'no-phase', 'not-open',
-- 'no-row'.
CREATE FUNCTION unlock_post_combat(p_game integer, p_nation text, p_user text, p_nations text[])
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_status text;
  v_stage jsonb;
BEGIN
  IF NOT plays_1942_nation(p_game, p_nation, p_user) THEN
    RETURN jsonb_build_object('outcome', 'not-yours');
  END IF;
  SELECT id, turn, status, post_combat::jsonb INTO v_phase, v_turn, v_status, v_stage FROM phases WHERE game_id = p_game ORDER BY turn DESC, step DESC LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no-phase');
  END IF;
  IF v_status <> 'post-combat' OR v_stage IS NULL OR v_stage = 'null'::jsonb THEN
    RETURN jsonb_build_object('outcome', 'not-open');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM post_combat_orders WHERE phase_id = v_phase AND nation = p_nation)
     OR NOT (EXISTS (SELECT 1 FROM jsonb_array_elements(v_stage->'choices'->'air') a WHERE a->>'nation' = p_nation)
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(v_stage->'choices'->'aaGuns') g WHERE g->>'nation' = p_nation)) THEN
    RETURN jsonb_build_object('outcome', 'no-row');
  END IF;
  UPDATE post_combat_orders SET locked_at = NULL WHERE phase_id = v_phase AND nation = p_nation;
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn));
  RETURN jsonb_build_object('outcome', 'unlocked', 'locked', to_jsonb(post_combat_locked(v_phase, p_nations)));
END
$$;
--> statement-breakpoint
-- battle.decide (R6.2, R6.6, R6.7): the app reads the waiting requests (with p_version, the md5 of the
-- phase's pending and decisions texts), checks the choice with the engine and computes the phase's new
-- decisions and pending; this call locks the phase row and writes them only if the phase still waits
-- for battle decisions and its pending and decisions are those the check was made on (a racing
-- decision, a deadline's defaults or the adjudication moving on changes them: then 'stale', and the
-- app reads and checks again). The columns are `json`, written as the app's text, so a rerun compares
-- byte for byte. Then the job of this decision count (battles.ts continueKey), the event, the end of
-- the decider's vacation. Returns 'recorded' or 'stale'.
CREATE FUNCTION decide_battle(p_game integer, p_phase integer, p_version text, p_decisions json, p_pending json, p_deadline timestamptz, p_user text, p_ends_vacation boolean)
RETURNS text
LANGUAGE plpgsql
AS $$
DECLARE
  v_turn integer;
BEGIN
  SELECT turn INTO v_turn FROM phases
  WHERE id = p_phase AND game_id = p_game AND status = 'battles'
    AND md5(coalesce(pending::text, '') || '|' || coalesce(decisions::text, '')) = p_version
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'stale';
  END IF;
  UPDATE phases SET decisions = p_decisions, pending = p_pending, decision_deadline = p_deadline WHERE id = p_phase;
  PERFORM enqueue_adjudication('adjudicate:' || p_phase || ':' || json_array_length(p_decisions), p_phase);
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'battle-decided', 'turn', v_turn));
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN 'recorded';
END
$$;
