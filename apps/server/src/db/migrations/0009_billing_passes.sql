CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"cost_usd" integer NOT NULL,
	"cost_cdf" integer NOT NULL,
	"days" integer NOT NULL,
	"popularity" integer NOT NULL,
	"preferences" boolean NOT NULL,
	"popular" integer DEFAULT 0 NOT NULL,
	"sold" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_key_unique" UNIQUE("key"),
	CONSTRAINT "subscription_plans_cost_positive" CHECK ("subscription_plans"."cost_usd" > 0 AND "subscription_plans"."cost_cdf" > 0),
	CONSTRAINT "subscription_plans_days_positive" CHECK ("subscription_plans"."days" > 0),
	CONSTRAINT "subscription_plans_popularity_percent" CHECK ("subscription_plans"."popularity" BETWEEN 0 AND 100),
	CONSTRAINT "subscription_plans_popular_percent" CHECK ("subscription_plans"."popular" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "user_subscriptions_ends_after_start" CHECK ("user_subscriptions"."ends_at" >= "user_subscriptions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_ends_idx" ON "user_subscriptions" USING btree ("user_id","ends_at");