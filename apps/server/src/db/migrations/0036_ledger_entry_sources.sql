-- Each journal entry names what it comes from (the journals show it): a kind and the row's id.
-- The entries posted before this migration are all a payment's (the only writer so far), and their
-- keys say which: `payment:<id>:settled` and its refund's reversal `payment:<id>:refunded`.
ALTER TABLE "journal_entries" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "source_id" uuid;--> statement-breakpoint

-- Entries are append-only (migration 0013): the trigger that refuses edits stands aside for the
-- backfill alone, inside this migration's transaction, and is back before it commits.
ALTER TABLE "journal_entries" DISABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint
UPDATE "journal_entries"
   SET "source_kind" = 'payment',
       "source_id" = substring("idempotency_key" FROM '^payment:([0-9a-f-]{36}):(settled|refunded)$')::uuid
 WHERE "idempotency_key" ~ '^payment:[0-9a-f-]{36}:(settled|refunded)$';--> statement-breakpoint
-- Any other reversal comes from what the entry it reverses comes from.
UPDATE "journal_entries" AS "reversal"
   SET "source_kind" = "original"."source_kind", "source_id" = "original"."source_id"
  FROM "journal_entries" AS "original"
 WHERE "reversal"."reverses_entry_id" = "original"."id" AND "reversal"."source_kind" IS NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ENABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint

-- An entry whose key says nothing of its source stops the migration here, rather than be guessed.
ALTER TABLE "journal_entries" ALTER COLUMN "source_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "source_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_kind" CHECK ("journal_entries"."source_kind" IN ('payment', 'commission', 'payout'));--> statement-breakpoint
-- The entries of one payment (or commission, or payout), for the daily checks and the journals.
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_kind","source_id");
