CREATE TABLE "withdrawal_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"proof_id" uuid NOT NULL,
	"proven_at" timestamp with time zone,
	"withdrawable_from" timestamp with time zone,
	"changed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" uuid,
	"proof_id" uuid,
	"kind" text NOT NULL,
	"http_status" integer,
	"latency_ms" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_events_one_owner" CHECK (("withdrawal_events"."withdrawal_id" IS NULL) <> ("withdrawal_events"."proof_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"reason" text,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"check_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_proofs_reference_format" CHECK ("withdrawal_proofs"."reference" ~ '^[A-Z0-9]{1,20}$'),
	CONSTRAINT "withdrawal_proofs_amount_positive" CHECK ("withdrawal_proofs"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text,
	"phone" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"reason" text,
	"settled_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"check_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_reference_format" CHECK ("withdrawals"."reference" ~ '^[A-Z0-9]{1,20}$'),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_kind";--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_proof_id_withdrawal_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."withdrawal_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_proof_id_withdrawal_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."withdrawal_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_proofs" ADD CONSTRAINT "withdrawal_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawal_events_proof_idx" ON "withdrawal_events" USING btree ("proof_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_proofs_reference_key" ON "withdrawal_proofs" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "withdrawal_proofs_user_idx" ON "withdrawal_proofs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_proofs_due_idx" ON "withdrawal_proofs" USING btree ("next_check_at") WHERE "withdrawal_proofs"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reference_key" ON "withdrawals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_in_flight_key" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" IN ('CREATED', 'PENDING', 'UNKNOWN');--> statement-breakpoint
CREATE INDEX "withdrawals_phone_created_idx" ON "withdrawals" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_due_idx" ON "withdrawals" USING btree ("next_check_at") WHERE "withdrawals"."next_check_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_kind" CHECK ("journal_entries"."source_kind" IN ('payment', 'commission', 'payout', 'settlement', 'withdrawal_proof'));