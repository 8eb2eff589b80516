-- The Premium catalogue (owned by the billing feature). Prices in integer minor units (M1): US cents
-- and Congolese centimes, at about 2,800 FC to the dollar. Longer plans cost less a day, widen the
-- popularity gap a member may write across more, and the quarter reaches everyone. Fixed ids, so the
-- same plan has the same id on every database.
INSERT INTO "subscription_plans" ("id", "key", "cost_usd", "cost_cdf", "days", "popularity", "preferences", "popular") VALUES
  ('5a0d3c1e-7b21-4c59-9f0e-000000000007', 'week', 199, 550000, 7, 25, false, 30),
  ('5a0d3c1e-7b21-4c59-9f0e-000000000030', 'month', 499, 1400000, 30, 60, true, 55),
  ('5a0d3c1e-7b21-4c59-9f0e-000000000090', 'quarter', 1199, 3400000, 90, 100, true, 15)
ON CONFLICT ("key") DO NOTHING;
