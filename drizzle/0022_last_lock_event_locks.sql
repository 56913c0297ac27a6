-- The last lock's event carries the phase's new status and its locks (issue 20): it said only
-- "locks changed", so every open page of the game was sent a whole new view (each app process read
-- the game and its phase, and serialised the board again, for each of its streams) only to learn
-- that the phase now resolves, moments before the turn's own event carried the new turn's view. Now
-- the event says it (status 'resolving', phaseId, every nation in locked) and the page applies it in
-- place (app/game/[id]/live-locks.ts), as it applies any other lock. Otherwise as 0021 (the seat of a
-- classic game only).
CREATE OR REPLACE FUNCTION lock_orders(p_game integer, p_nation text, p_user text, p_nations text[], p_ends_vacation boolean)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_status text;
  v_locked text[];
  v_event jsonb;
  v_key text;
  v_closed boolean := false;
BEGIN
  -- The seat first, as the router's nationProcedure did: a stranger learns nothing of the phase. Only
  -- a classic 1942 game is locked here (the caller tells any other game apart on this refusal; 0021).
  IF NOT plays_1942_nation(p_game, p_nation, p_user) THEN
    RETURN jsonb_build_object('outcome', 'not-yours');
  END IF;
  -- The game's latest phase, locked: lockers, unlockers, saves and the adjudication's start queue here.
  SELECT id, turn, status INTO v_phase, v_turn, v_status FROM phases WHERE game_id = p_game ORDER BY turn DESC, step DESC LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no-phase');
  END IF;
  IF v_status = 'resolved' THEN
    RETURN jsonb_build_object('outcome', 'finished');
  END IF;
  IF v_status <> 'open' THEN
    -- Locking twice is harmless: a nation already locked in a resolving phase is told so, not refused.
    IF NOT EXISTS (SELECT 1 FROM locks WHERE phase_id = v_phase AND nation = p_nation) THEN
      RETURN jsonb_build_object('outcome', 'closed');
    END IF;
    PERFORM end_running_vacation(p_user, p_ends_vacation);
    RETURN jsonb_build_object('outcome', 'already', 'turn', v_turn);
  END IF;

  INSERT INTO locks (phase_id, nation, locked_by) VALUES (v_phase, p_nation, p_user) ON CONFLICT DO NOTHING;
  -- A lock shows the player is there: the seat's count of missed deadlines starts again (takeover.ts).
  UPDATE seats SET missed_deadlines = 0 WHERE game_id = p_game AND nation = p_nation AND missed_deadlines > 0;
  -- The game's "deadline soon" notes are acted on (notify.ts markActedOn).
  UPDATE notifications SET read_at = now() WHERE user_id = p_user AND game_id = p_game AND kind = 'deadline-soon' AND read_at IS NULL;
  SELECT coalesce(array_agg(t.n ORDER BY t.ord), '{}') INTO v_locked
  FROM unnest(p_nations) WITH ORDINALITY AS t(n, ord)
  WHERE EXISTS (SELECT 1 FROM locks l WHERE l.phase_id = v_phase AND l.nation = t.n);

  IF cardinality(v_locked) = cardinality(p_nations) THEN
    -- R3: the last lock closes the phase to changes and queues its adjudication (resolving.ts).
    UPDATE phases SET status = 'resolving' WHERE id = v_phase AND status = 'open';
    v_closed := FOUND;
    IF v_closed THEN
      -- Who acted on the phase and who missed it, once, as it closes (reliability.ts recordPhaseClosed);
      -- a sandbox's phases are no part of anyone's record.
      INSERT INTO attendance (game_id, phase_id, nation, user_id, outcome)
      SELECT p_game, v_phase, s.nation, s.user_id, CASE WHEN l.locked_by IS NULL THEN 'missed' ELSE 'acted' END
      FROM seats s LEFT JOIN locks l ON l.phase_id = v_phase AND l.nation = s.nation
        JOIN games g ON g.id = s.game_id AND NOT g.sandbox
      WHERE s.game_id = p_game AND NOT s.robot AND s.user_id IS NOT NULL;
    END IF;
    -- Once per key (queue.ts enqueue), due from the moment it is written; its NOTIFY only if new.
    v_key := 'adjudicate:' || v_phase;
    INSERT INTO jobs (key, kind, payload, run_at) VALUES (v_key, 'adjudicate', jsonb_build_object('phaseId', v_phase), clock_timestamp())
    ON CONFLICT (key) DO NOTHING;
    IF FOUND THEN
      PERFORM pg_notify('lockstep_jobs', v_key);
    END IF;
    -- The last lock's event says the phase closed (status 'resolving') with every nation locked, the
    -- only change to a page's view until the turn's own event carries the new turn: the page applies
    -- it in place as it does a lock, and no stream builds a view for it.
    v_event := jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn, 'phaseId', v_phase, 'locked', to_jsonb(v_locked), 'status', 'resolving');
  ELSE
    -- Who has locked is public (the page applies it without a refetch).
    v_event := jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn, 'phaseId', v_phase, 'locked', to_jsonb(v_locked));
  END IF;
  -- Stored and announced (events.ts gameEventPart): a sandbox's event is private to its own stream.
  IF EXISTS (SELECT 1 FROM games g WHERE g.id = p_game AND g.sandbox) THEN
    v_event := v_event || '{"private":true}'::jsonb;
  END IF;
  WITH e AS (INSERT INTO events (game_id, payload) VALUES (p_game, v_event) RETURNING id, payload)
  SELECT pg_notify('lockstep_events', (e.payload || jsonb_build_object('id', e.id))::text) INTO v_key FROM e;
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN jsonb_build_object('outcome', CASE WHEN cardinality(v_locked) = cardinality(p_nations) THEN 'resolving' ELSE 'locked' END, 'turn', v_turn, 'locked', to_jsonb(v_locked));
END
$$;
