CREATE TABLE "post_combat_orders" (
	"phase_id" integer NOT NULL,
	"nation" text NOT NULL,
	"landings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aa_moves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_by" text,
	"locked_at" timestamp with time zone,
	CONSTRAINT "post_combat_orders_phase_id_nation_pk" PRIMARY KEY("phase_id","nation")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "saved_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "phases" ADD COLUMN "post_combat" json;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "missed_deadlines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_combat_orders" ADD CONSTRAINT "post_combat_orders_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_combat_orders" ADD CONSTRAINT "post_combat_orders_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;