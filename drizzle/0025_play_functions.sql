-- play.save, play.lock and play.unlock in one call each (issue 20), as orders.save, orders.lock and
-- orders.unlock are (0010, 0018, 0019): a phased save was the game's row, then BEGIN, the seat, the
-- phase FOR SHARE (its whole start state sent and parsed), the side's lock, the write and COMMIT; a
-- phased lock about nine statements with a pooled connection and the phase row held. The ruleset's
-- work (its validate, the sides that act in the phase) is done by the app before the call, outside any
-- transaction, against the phase's start state the process keeps (start-state.ts); the call names the
-- phase it was done for and writes only while that phase is still the game's open one ('stale'
-- otherwise: the app reads again). As in lock_orders, each statement of these volatile functions
-- reads with a fresh snapshot taken after the locks before it were granted, so the last lock of a
-- phase is counted once (its resolution is queued exactly once).
-- Whether a user plays a side of a game played a phase at a time (ruleset-games/rulesets.ts
-- classicGame: a 1942 game without a scenario is played by orders.* instead).
CREATE FUNCTION plays_phased_side(p_game integer, p_side text, p_user text)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id AND NOT (g.ruleset = '1942' AND g.scenario IS NULL)
                 WHERE s.game_id = p_game AND s.nation = p_side AND s.user_id = p_user)
$$;
--> statement-breakpoint
-- What a save or a lock is refused on, in one read (known-phase.ts): the game's kind, the seat, the game's
-- latest phase (never its start state) and whether the side has locked it. Null: no such game.
CREATE FUNCTION phased_play_read(p_game integer, p_side text, p_user text)
RETURNS jsonb
LANGUAGE sql
STABLE
AS $$
  SELECT jsonb_build_object(
    'ruleset', g.ruleset,
    'scenario', g.scenario,
    'plays', plays_phased_side(p_game, p_side, p_user),
    'phase', (SELECT jsonb_build_object('id', p.id, 'seedHash', p.seed_hash, 'status', p.status, 'turn', p.turn,
                                        'locked', EXISTS (SELECT 1 FROM locks l WHERE l.phase_id = p.id AND l.nation = p_side))
              FROM phases p WHERE p.game_id = g.id ORDER BY p.turn DESC, p.step DESC LIMIT 1))
  FROM games g WHERE g.id = p_game
$$;
--> statement-breakpoint
-- play.save: the seat, the game's latest phase FOR SHARE (saves of different sides run side by side; a
-- lock or the phase's close waits for them), the side's lock, the batch written (as the ruleset
-- accepted it), the saver's running vacation ended. Returns 'saved' or 'not-yours', 'locked', 'stale'
-- (p_phase is no longer the game's open phase).
CREATE FUNCTION save_phased_batch(p_game integer, p_phase integer, p_side text, p_user text, p_batch jsonb, p_ends_vacation boolean)
RETURNS text
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_status text;
BEGIN
  IF NOT plays_phased_side(p_game, p_side, p_user) THEN
    RETURN 'not-yours';
  END IF;
  SELECT id, status INTO v_phase, v_status FROM phases WHERE game_id = p_game ORDER BY turn DESC, step DESC LIMIT 1 FOR SHARE;
  IF NOT FOUND OR v_phase <> p_phase OR v_status <> 'open' THEN
    RETURN 'stale';
  END IF;
  IF EXISTS (SELECT 1 FROM locks WHERE phase_id = v_phase AND nation = p_side) THEN
    RETURN 'locked';
  END IF;
  INSERT INTO orders (phase_id, nation, position, "order", saved_by) VALUES (v_phase, p_side, 0, p_batch, p_user)
  ON CONFLICT (phase_id, nation, position) DO UPDATE SET "order" = excluded."order", saved_by = excluded.saved_by, saved_at = now();
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN 'saved';
END
$$;
--> statement-breakpoint
-- The game's latest phase locked FOR UPDATE (lockers, unlockers, saves and the deadline sweep queue
-- here) for a change by the player of p_side, with why it takes none: 'not-yours' (then no phase is
-- read), 'no-phase', 'finished', 'closed' (every side locked or the deadline passed), or null.
CREATE FUNCTION phased_phase_to_change(p_game integer, p_side text, p_user text, OUT o_phase integer, OUT o_turn integer, OUT o_refusal text)
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
BEGIN
  IF NOT plays_phased_side(p_game, p_side, p_user) THEN
    o_refusal := 'not-yours';
    RETURN;
  END IF;
  SELECT p.id, p.turn, p.status INTO o_phase, o_turn, v_status FROM phases p WHERE p.game_id = p_game ORDER BY p.turn DESC, p.step DESC LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    o_refusal := 'no-phase';
  ELSIF v_status = 'resolved' THEN
    o_refusal := 'finished';
  ELSIF v_status <> 'open' THEN
    o_refusal := 'closed';
  END IF;
END
$$;
--> statement-breakpoint
-- play.lock: the seat and the game's latest phase FOR UPDATE (phased_phase_to_change), the lock, the
-- seat's missed deadlines reset, the "deadline soon" notes acted on, the phase's locks, and when every
-- side of p_acting (the ruleset's acting sides of p_phase, worked out by the app) has locked: the phase
-- closed, its attendance recorded when p_records (not a phase of decisions; reliability.ts
-- recordPhaseClosed) for the acting sides only, its adjudication queued once. Then the event (a plain
-- "locks-changed", as play.ts published it) and the vacation's end.
-- Returns {outcome, locked (sorted), resolving}: outcome 'locked' or 'not-yours', 'stale', 'no-phase',
-- 'finished', 'closed'.
CREATE FUNCTION lock_phased_side(p_game integer, p_phase integer, p_side text, p_user text, p_acting text[], p_records boolean, p_ends_vacation boolean)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_refusal text;
  v_locked text[];
  v_resolving boolean;
BEGIN
  SELECT o_phase, o_turn, o_refusal INTO v_phase, v_turn, v_refusal FROM phased_phase_to_change(p_game, p_side, p_user);
  -- The ruleset's acting sides were worked out for p_phase: another phase is read again by the app.
  IF v_phase <> p_phase THEN
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;
  IF v_refusal IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', v_refusal);
  END IF;
  INSERT INTO locks (phase_id, nation, locked_by) VALUES (v_phase, p_side, p_user) ON CONFLICT DO NOTHING;
  -- A lock shows the player is there: the count of missed deadlines starts again.
  UPDATE seats SET missed_deadlines = 0 WHERE game_id = p_game AND nation = p_side AND missed_deadlines > 0;
  UPDATE notifications SET read_at = now() WHERE user_id = p_user AND game_id = p_game AND kind = 'deadline-soon' AND read_at IS NULL;
  SELECT coalesce(array_agg(nation ORDER BY nation COLLATE "C"), '{}') INTO v_locked FROM locks WHERE phase_id = v_phase;
  v_resolving := p_acting <@ v_locked;
  IF v_resolving THEN
    -- R3: the last lock closes the phase to changes and queues its resolution (resolving.ts).
    UPDATE phases SET status = 'resolving' WHERE id = v_phase AND status = 'open';
    IF FOUND AND p_records THEN
      -- Who acted on the phase and who missed it, once, as it closes; a sandbox's phases are no part of
      -- anyone's record.
      INSERT INTO attendance (game_id, phase_id, nation, user_id, outcome)
      SELECT p_game, v_phase, s.nation, s.user_id, CASE WHEN l.locked_by IS NULL THEN 'missed' ELSE 'acted' END
      FROM seats s LEFT JOIN locks l ON l.phase_id = v_phase AND l.nation = s.nation
        JOIN games g ON g.id = s.game_id AND NOT g.sandbox
      WHERE s.game_id = p_game AND NOT s.robot AND s.user_id IS NOT NULL AND s.nation = ANY (p_acting);
    END IF;
    PERFORM enqueue_adjudication('adjudicate:' || v_phase, v_phase);
  END IF;
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn));
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN jsonb_build_object('outcome', 'locked', 'locked', to_jsonb(v_locked), 'resolving', v_resolving);
END
$$;
--> statement-breakpoint
-- play.unlock: the seat and the game's latest phase FOR UPDATE (phased_phase_to_change), the lock
-- removed, the phase's locks and the event. Returns {outcome, locked (sorted)}: outcome 'unlocked' or a refusal as lock_phased_side's.
CREATE FUNCTION unlock_phased_side(p_game integer, p_side text, p_user text)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_refusal text;
BEGIN
  SELECT o_phase, o_turn, o_refusal INTO v_phase, v_turn, v_refusal FROM phased_phase_to_change(p_game, p_side, p_user);
  IF v_refusal IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', v_refusal);
  END IF;
  DELETE FROM locks WHERE phase_id = v_phase AND nation = p_side;
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn));
  RETURN jsonb_build_object('outcome', 'unlocked',
    'locked', (SELECT to_jsonb(coalesce(array_agg(nation ORDER BY nation COLLATE "C"), '{}')) FROM locks WHERE phase_id = v_phase));
END
$$;
