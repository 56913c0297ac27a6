CREATE TABLE "press_channel_members" (
	"channel_id" integer NOT NULL,
	"nation" text NOT NULL,
	CONSTRAINT "press_channel_members_channel_id_nation_pk" PRIMARY KEY("channel_id","nation")
);
--> statement-breakpoint
CREATE TABLE "press_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"kind" text NOT NULL,
	"member_key" text NOT NULL,
	"opened_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"sender_nation" text NOT NULL,
	"sent_by" text,
	"text" text NOT NULL,
	"turn" integer NOT NULL,
	"phase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_mutes" (
	"user_id" text NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "press_mutes_user_id_channel_id_pk" PRIMARY KEY("user_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "press_reads" (
	"user_id" text NOT NULL,
	"channel_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "press_reads_user_id_channel_id_pk" PRIMARY KEY("user_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "press_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"reported_by" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "press_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "press_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "press_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "press_channel_members" ADD CONSTRAINT "press_channel_members_channel_id_press_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."press_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_channels" ADD CONSTRAINT "press_channels_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_messages" ADD CONSTRAINT "press_messages_channel_id_press_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."press_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_messages" ADD CONSTRAINT "press_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_messages" ADD CONSTRAINT "press_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mutes" ADD CONSTRAINT "press_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mutes" ADD CONSTRAINT "press_mutes_channel_id_press_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."press_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_reads" ADD CONSTRAINT "press_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_reads" ADD CONSTRAINT "press_reads_channel_id_press_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."press_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_reports" ADD CONSTRAINT "press_reports_message_id_press_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."press_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_reports" ADD CONSTRAINT "press_reports_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_reports" ADD CONSTRAINT "press_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_channel_members_nation_idx" ON "press_channel_members" USING btree ("nation");--> statement-breakpoint
CREATE UNIQUE INDEX "press_channels_game_members" ON "press_channels" USING btree ("game_id","member_key");--> statement-breakpoint
CREATE INDEX "press_messages_channel_idx" ON "press_messages" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "press_messages_sender_idx" ON "press_messages" USING btree ("sent_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "press_reports_message_user" ON "press_reports" USING btree ("message_id","reported_by");--> statement-breakpoint
CREATE INDEX "press_reports_game_idx" ON "press_reports" USING btree ("game_id");