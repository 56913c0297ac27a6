DROP INDEX "phases_game_turn_kind";--> statement-breakpoint
ALTER TABLE "phases" ADD COLUMN "step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "phases_game_turn_kind_step" ON "phases" USING btree ("game_id","turn","kind","step");