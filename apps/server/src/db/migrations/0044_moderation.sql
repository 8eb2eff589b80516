CREATE TABLE "banned_identifiers" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"case_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banned_identifiers_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"notice_token_hash" text,
	"deadline" timestamp with time zone NOT NULL,
	"text" text,
	"appealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_case_reports" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"case_id" uuid NOT NULL,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"member_id" uuid,
	"state" text DEFAULT 'open' NOT NULL,
	"priority" double precision DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'reports' NOT NULL,
	"assignee_id" uuid,
	"appealed" boolean DEFAULT false NOT NULL,
	"first_reported_at" timestamp with time zone NOT NULL,
	"last_reported_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "moderation_cases_state_check" CHECK ("moderation_cases"."state" IN ('open', 'escalated', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid,
	"member_id" uuid,
	"action" text NOT NULL,
	"rule" text,
	"note" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"days" integer,
	"until" timestamp with time zone,
	"moderator_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_snapshots" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile" jsonb
);
--> statement-breakpoint
CREATE TABLE "reporter_mutes" (
	"reporter_id" uuid PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_member_or_zone_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reported_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "banned_identifiers" ADD CONSTRAINT "banned_identifiers_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_event_id_moderation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."moderation_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_case_reports" ADD CONSTRAINT "moderation_case_reports_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_case_reports" ADD CONSTRAINT "moderation_case_reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_snapshots" ADD CONSTRAINT "moderation_snapshots_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_mutes" ADD CONSTRAINT "reporter_mutes_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_token_key" ON "moderation_appeals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_notice_token_key" ON "moderation_appeals" USING btree ("notice_token_hash");--> statement-breakpoint
CREATE INDEX "moderation_case_reports_case_idx" ON "moderation_case_reports" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_subject_key" ON "moderation_cases" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("state","priority" DESC NULLS LAST,"last_reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_cases_member_idx" ON "moderation_cases" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "moderation_events_case_idx" ON "moderation_events" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_events_member_idx" ON "moderation_events" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_or_zone_check" CHECK ("reports"."zone_id" IS NULL OR ("reports"."reported_id" IS NULL AND "reports"."post_id" IS NULL AND "reports"."comment_id" IS NULL));--> statement-breakpoint
-- The audit log is append-only: no role of the app may edit or remove an entry (docs/moderation.md).
CREATE FUNCTION moderation_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER moderation_events_append_only BEFORE UPDATE OR DELETE ON "moderation_events"
  FOR EACH ROW EXECUTE FUNCTION moderation_events_append_only();--> statement-breakpoint
CREATE TRIGGER moderation_events_no_truncate BEFORE TRUNCATE ON "moderation_events"
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_events_append_only();
