-- The ledger's rules, kept by the database so that they hold even when the code has a bug
-- (PAYMENTS.md A3.6, M1): entries balance, history is append-only, balances follow postings.

-- Every entry sums to 0 in each currency, checked at commit (its postings arrive one by one).
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM postings
   WHERE entry_id = NEW.entry_id GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', NEW.entry_id, unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint

-- An entry moves money: one without a debit and a credit is refused at commit.
CREATE FUNCTION ledger_check_entry_has_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM postings WHERE entry_id = NEW.id) < 2 THEN
    RAISE EXCEPTION 'journal entry % has fewer than two postings', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_have_postings';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_have_postings AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_has_postings();
--> statement-breakpoint

-- Append-only: a correction is a reversing entry, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- An account's kind, currency and floor are what its balance means: they never change.
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- Each account gets its balance row, at 0, with the account itself.
CREATE FUNCTION ledger_open_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_balances (account_id, may_go_negative, balance_minor)
  VALUES (NEW.id, NEW.may_go_negative, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_balance AFTER INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_open_balance();
--> statement-breakpoint

-- A posting moves its account's balance in the same transaction, on the account's normal side:
-- assets and expenses grow with debits (> 0), liabilities and revenue with credits (< 0). The
-- CHECK account_balances_non_negative then refuses an overdraft of an account that may not go below 0.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_balances b
     SET balance_minor = b.balance_minor
       + CASE WHEN a.kind IN ('asset', 'expense') THEN NEW.amount_minor ELSE -NEW.amount_minor END
    FROM ledger_accounts a
   WHERE b.account_id = NEW.account_id AND a.id = NEW.account_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint

-- A balance changes only through the two triggers above (nested, so at depth 2 or more): never by
-- hand, so that it always equals the sum of its account's postings.
CREATE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'account_balances moves only with postings: % refused', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON account_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE TRIGGER account_balances_no_truncate BEFORE TRUNCATE ON account_balances
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
