-- A side's standing settings in a game of any ruleset (issue 21: 1942's casualty order kept from turn
-- to turn, as a classic game's battle_preferences keeps it). The platform stores the value as the
-- ruleset checked it and never reads it: the ruleset applies it to the side's batch when a phase
-- closes (Ruleset.standing). Read by that side's player alone.
CREATE TABLE "standings" (
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"side" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standings_game_id_side_pk" PRIMARY KEY("game_id","side")
);
