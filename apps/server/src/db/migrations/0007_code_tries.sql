CREATE TABLE "one_time_code_tries" (
	"key" text PRIMARY KEY NOT NULL,
	"tries" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "one_time_code_tries_ends_at_idx" ON "one_time_code_tries" USING btree ("ends_at");