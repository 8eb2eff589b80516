-- The payments' rules as strict as the code's (payment-transitions.ts): the database allows exactly
-- the state machine's moves and stores a payment only in CREATED, ties settled_at to the states whose
-- money was received, names an existing plan, and keeps every amount in the ledger's bigint (M1).

-- The app only ever wrote a plan's id here (payment-init.service.ts), and plans are never deleted (a
-- plan stops being sold instead): every value is a plan's uuid, and ON DELETE RESTRICT keeps it so.
ALTER TABLE "payments" ALTER COLUMN "plan_id" SET DATA TYPE uuid USING "plan_id"::uuid;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_plans" ALTER COLUMN "cost_usd" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_plans" ALTER COLUMN "cost_cdf" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint

-- The code sets settled_at with every move to SUCCESS and keeps it through a refund, so no row it
-- wrote breaks the CHECK below; a row written by hand could: a settled one gets its last move's time,
-- the only one known, and another loses a settlement it never had.
UPDATE "payments" SET "settled_at" = "updated_at"
 WHERE "status" IN ('SUCCESS', 'REFUND_PENDING', 'REFUNDED') AND "settled_at" IS NULL;--> statement-breakpoint
UPDATE "payments" SET "settled_at" = NULL
 WHERE "status" NOT IN ('SUCCESS', 'REFUND_PENDING', 'REFUNDED') AND "settled_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_at_when_settled" CHECK (("payments"."status" IN ('SUCCESS', 'REFUND_PENDING', 'REFUNDED')) = ("payments"."settled_at" IS NOT NULL));--> statement-breakpoint

-- payment-transitions.ts TRANSITIONS and INITIAL_STATES, row by row (payments-database-rules.test.ts
-- holds the two equal): a move the code never makes, or a payment stored past CREATED, is refused.
-- REVIEW, FAILED, CANCELLED and REFUNDED never move.
CREATE OR REPLACE FUNCTION payments_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'CREATED' THEN
      RAISE EXCEPTION 'payment % cannot be stored in %: only in CREATED', NEW.id, NEW.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_monotonic';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status = OLD.status OR NEW.status = ANY (CASE OLD.status
      WHEN 'CREATED' THEN ARRAY['PENDING', 'INIT_UNKNOWN', 'FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS']
      WHEN 'PENDING' THEN ARRAY['FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS']
      WHEN 'INIT_UNKNOWN' THEN ARRAY['PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS']
      WHEN 'EXPIRED' THEN ARRAY['FAILED', 'CANCELLED', 'REVIEW', 'SUCCESS']
      WHEN 'SUCCESS' THEN ARRAY['REFUND_PENDING', 'REFUNDED']
      WHEN 'REFUND_PENDING' THEN ARRAY['REFUNDED']
      ELSE ARRAY[]::text[]
    END) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_monotonic';
END $$;
--> statement-breakpoint
DROP TRIGGER payments_monotonic ON payments;--> statement-breakpoint
CREATE TRIGGER payments_monotonic BEFORE INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_check_transition();
