ALTER TABLE "phases" ADD COLUMN "pending" json;--> statement-breakpoint
ALTER TABLE "phases" ADD COLUMN "decision_deadline" timestamp with time zone;