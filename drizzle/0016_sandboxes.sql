ALTER TABLE "games" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sandbox_of" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sandbox_turn" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "share_token" text;--> statement-breakpoint
CREATE INDEX "games_sandbox_owner_idx" ON "games" USING btree ("created_by","sandbox");--> statement-breakpoint
CREATE UNIQUE INDEX "games_share_token" ON "games" USING btree ("share_token");