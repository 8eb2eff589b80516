CREATE TABLE "partnerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"percentage" numeric(5, 2) NOT NULL,
	"hold_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partnerships_code_format" CHECK ("partnerships"."code" ~ '^[A-HJ-NP-Z2-9]{6,10}$'),
	CONSTRAINT "partnerships_percentage_range" CHECK ("partnerships"."percentage" >= 0 AND "partnerships"."percentage" <= 100),
	CONSTRAINT "partnerships_hold_days" CHECK ("partnerships"."hold_days" >= 0),
	CONSTRAINT "partnerships_dates" CHECK ("partnerships"."end_date" IS NULL OR "partnerships"."end_date" >= "partnerships"."start_date")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."child_id" <> "referrals"."partner_id")
);
--> statement-breakpoint
CREATE TABLE "shared_payer_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"child_id" uuid,
	"other_child_ids" uuid[] NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_payer_flags" ADD CONSTRAINT "shared_payer_flags_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_payer_flags" ADD CONSTRAINT "shared_payer_flags_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_user_key" ON "partnerships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_code_key" ON "partnerships" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_partner_idx" ON "referrals" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_payer_flags_payment_key" ON "shared_payer_flags" USING btree ("payment_id");