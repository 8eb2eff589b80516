CREATE TABLE "device_members" (
	"device_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_members_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "device_members" ADD CONSTRAINT "device_members_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_members" ADD CONSTRAINT "device_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_members_user_idx" ON "device_members" USING btree ("user_id");