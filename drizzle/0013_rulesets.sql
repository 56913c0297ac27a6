ALTER TABLE "games" ADD COLUMN "ruleset" text DEFAULT '1942' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "scenario" text;