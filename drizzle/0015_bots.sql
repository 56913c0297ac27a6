ALTER TABLE "seats" ADD COLUMN "reserved_for" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_reserved_for_users_id_fk" FOREIGN KEY ("reserved_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;