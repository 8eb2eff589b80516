-- A payment under review is decided by an operator (payment-transitions.ts afterReview): accepted, it
-- becomes SUCCESS; returned to its payer at FlexPay, CANCELLED. The trigger allows exactly
-- TRANSITIONS again (payments-database-rules.test.ts holds the two equal); FAILED, CANCELLED and
-- REFUNDED still never move.
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
      WHEN 'REVIEW' THEN ARRAY['SUCCESS', 'CANCELLED']
      ELSE ARRAY[]::text[]
    END) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_monotonic';
END $$;
