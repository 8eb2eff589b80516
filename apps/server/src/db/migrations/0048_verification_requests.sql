CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pose" text,
	"selfie_key" text,
	"state" text NOT NULL,
	"decided_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "verification_requests_kind_check" CHECK ("verification_requests"."kind" IN ('selfie', 'photo_change')),
	CONSTRAINT "verification_requests_state_check" CHECK ("verification_requests"."state" IN ('started', 'pending', 'approved', 'refused')),
	CONSTRAINT "verification_requests_selfie_check" CHECK (("verification_requests"."kind" = 'selfie') = ("verification_requests"."pose" IS NOT NULL) AND ("verification_requests"."selfie_key" IS NULL OR "verification_requests"."state" = 'pending')),
	CONSTRAINT "verification_requests_reason_check" CHECK (("verification_requests"."state" = 'refused') = ("verification_requests"."reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_open_key" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."state" IN ('started', 'pending');--> statement-breakpoint
CREATE INDEX "verification_requests_pending_idx" ON "verification_requests" USING btree ("submitted_at") WHERE "verification_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_user_idx" ON "verification_requests" USING btree ("user_id","created_at");