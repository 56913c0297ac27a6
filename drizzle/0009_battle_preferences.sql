CREATE TABLE "battle_preferences" (
	"game_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"casualties" text DEFAULT 'default' NOT NULL,
	"auto_phase_id" integer,
	"auto_battles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "battle_preferences_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "battle_preferences" ADD CONSTRAINT "battle_preferences_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_preferences" ADD CONSTRAINT "battle_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;