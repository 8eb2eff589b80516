-- The payments' rules, kept by the database so that they hold even when the code has a bug
-- (PAYMENTS.md P10, P21).

-- Monotonic states: a success leaves only for a refund state, a refund pending only for refunded, and
-- FAILED, CANCELLED and REFUNDED never move (REVIEW is a person's to resolve).
CREATE FUNCTION payments_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF (OLD.status = 'SUCCESS' AND NEW.status NOT IN ('REFUND_PENDING', 'REFUNDED'))
     OR (OLD.status = 'REFUND_PENDING' AND NEW.status <> 'REFUNDED')
     OR OLD.status IN ('FAILED', 'CANCELLED', 'REFUNDED') THEN
    RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_monotonic';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_monotonic BEFORE UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_check_transition();
--> statement-breakpoint

-- A deleted account's payments stay (money records) but forget the payer's number: the foreign key
-- sets user_id null, and this clears the phone in the same statement.
CREATE FUNCTION payments_forget_payer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL AND OLD.user_id IS NOT NULL THEN
    NEW.payer_phone := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_forget_payer BEFORE UPDATE OF user_id ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_forget_payer();
--> statement-breakpoint

-- The audit trail is append-only.
CREATE FUNCTION payment_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_refuse_change();
