ALTER TABLE "subscription_plans" DROP CONSTRAINT "subscription_plans_popular_percent";--> statement-breakpoint
ALTER TABLE "subscription_plans" DROP COLUMN "popular";