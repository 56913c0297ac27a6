-- A post-combat lock's event says what changed (issue 20): it said only "locks changed", so every open
-- page of the game was sent a whole new view (each app process read the game, its phase and the
-- stage's rows, and serialised the board again, for each of its streams). Now it carries the phase
-- and who is still choosing (`waitingFor`, public as every view shows it; never anyone's landings or
-- AA moves), and the last lock `status: 'resolving'`; the page applies it in place
-- (app/game/[id]/live-locks.ts), as 0022 did for the locks of orders. Otherwise as 0019.
-- The nations still choosing their post-combat moves (an unlocked row), in p_nations' order.
CREATE FUNCTION post_combat_waiting(p_phase integer, p_nations text[])
RETURNS text[]
LANGUAGE sql
VOLATILE
AS $$
  SELECT coalesce(array_agg(t.n ORDER BY t.ord), '{}')
  FROM unnest(p_nations) WITH ORDINALITY AS t(n, ord)
  WHERE EXISTS (SELECT 1 FROM post_combat_orders o WHERE o.phase_id = p_phase AND o.nation = t.n AND o.locked_at IS NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lock_post_combat(p_game integer, p_nation text, p_user text, p_nations text[], p_ends_vacation boolean)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_phase integer;
  v_turn integer;
  v_status text;
  v_locked text[];
  v_resolving boolean;
  v_event jsonb;
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
  -- Who still chooses, public as every view shows it (postCombat.waitingFor), and on the last lock the
  -- stage's close: the page applies it in place (live-locks.ts) and no stream builds a view for it.
  v_event := jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn, 'phaseId', v_phase, 'waitingFor', to_jsonb(post_combat_waiting(v_phase, p_nations)));
  IF v_resolving THEN
    v_event := v_event || '{"status":"resolving"}'::jsonb;
  END IF;
  PERFORM publish_game_event(p_game, v_event);
  PERFORM end_running_vacation(p_user, p_ends_vacation);
  RETURN jsonb_build_object('outcome', CASE WHEN v_resolving THEN 'resolving' ELSE 'locked' END, 'turn', v_turn, 'locked', to_jsonb(v_locked));
END
$$;
--> statement-breakpoint
-- postCombat.unlock (R7.3): the seat, the game's latest phase locked, the nation's row unlocked when
-- it has something to choose (post-combat.ts choosers: air to land or AA guns to move), the event.
-- Returns {outcome, locked}: outcome 'unlocked' or a refusal: 'not-yours', 'no-phase', 'not-open',
-- 'no-row'.
CREATE OR REPLACE FUNCTION unlock_post_combat(p_game integer, p_nation text, p_user text, p_nations text[])
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
  PERFORM publish_game_event(p_game, jsonb_build_object('gameId', p_game, 'kind', 'locks-changed', 'turn', v_turn, 'phaseId', v_phase, 'waitingFor', to_jsonb(post_combat_waiting(v_phase, p_nations))));
  RETURN jsonb_build_object('outcome', 'unlocked', 'locked', to_jsonb(post_combat_locked(v_phase, p_nations)));
END
$$;
