-- orders.save's checks and writes in one call (issue 15): a save needs no BEGIN and COMMIT round
-- trips, and each statement below still reads with a fresh snapshot, taken after the locks before it
-- were granted (plpgsql gives every statement of a volatile function its own snapshot).
-- The phase is named by id, game and seed hash: a caller that checked the orders against a start
-- state it kept (server/services/orders.ts) writes only if that is still the game's open phase.
-- Returns 'saved', or why not: 'closed' (that phase is not the game's open phase), 'not-yours', 'locked'.
CREATE FUNCTION save_orders(p_game integer, p_phase integer, p_seed_hash text, p_nation text, p_nation_lock integer, p_user text, p_orders jsonb)
RETURNS text
LANGUAGE plpgsql
AS $$
BEGIN
  -- A saved draft's commit does not wait for the disk (a disk that stalls a moment would stall every
  -- save queued behind it on the nation's lock). What a Postgres crash could lose is at most the last
  -- fraction of a second of drafts: never a lock, a deadline or an adjudication, which commit
  -- synchronously and so make every save before them durable too.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Saves share the phase row, so none interleaves with a lock, an unlock or the phase leaving "open"
  -- (those take it FOR UPDATE); saves of one nation queue on an advisory lock of (phase, nation).
  PERFORM 1 FROM phases WHERE id = p_phase AND game_id = p_game AND seed_hash = p_seed_hash AND status = 'open' FOR SHARE;
  IF NOT FOUND THEN
    RETURN 'closed';
  END IF;
  PERFORM pg_advisory_xact_lock(p_phase, p_nation_lock);
  IF NOT EXISTS (SELECT 1 FROM seats WHERE game_id = p_game AND nation = p_nation AND user_id = p_user) THEN
    RETURN 'not-yours';
  END IF;
  IF EXISTS (SELECT 1 FROM locks WHERE phase_id = p_phase AND nation = p_nation) THEN
    RETURN 'locked';
  END IF;
  -- The list replaces the saved one: rows past its end go, the rest are written over in place.
  DELETE FROM orders WHERE phase_id = p_phase AND nation = p_nation AND position >= jsonb_array_length(p_orders);
  INSERT INTO orders (phase_id, nation, position, "order", saved_by)
  SELECT p_phase, p_nation, (t.ord - 1)::int, t.value, p_user
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(value, ord)
  ON CONFLICT (phase_id, nation, position) DO UPDATE SET "order" = excluded."order", saved_by = excluded.saved_by, saved_at = now();
  RETURN 'saved';
END
$$;
