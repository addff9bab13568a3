-- Every paid subscription knows when its first 12 months end, also on a plan without a renewal
-- price: after a change to a plan with one, that price starts on the same date (docs/product.md §9).
UPDATE "subscriptions" AS s SET "renewal_starts_at" = coalesce(
  (SELECT min(i."period_start") FROM "invoices" AS i WHERE i."subscription_id" = s."id" AND i."kind" = 'first'),
  s."current_period_start",
  s."created_at"
) + interval '12 months'
WHERE s."renewal_starts_at" IS NULL AND s."status" <> 'incomplete';
