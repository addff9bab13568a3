-- Logos kept on local disk were saved with PUBLIC_URL in front (https://old.example/uploads/<key>),
-- so moving the site to a new domain broke every one of them. They become /uploads/<key>, as new
-- uploads are saved. Only addresses that are exactly an upload's own (its origin, /uploads/, its
-- key) change; a bucket's addresses and logos typed by hand stay as they are.
UPDATE "applications" AS a SET "logo_url" = '/uploads/' || u."object_key"
FROM "uploads" AS u
WHERE a."logo_url" = u."public_url"
  AND u."public_url" = substring(u."public_url" from '^https?://[^/]+') || '/uploads/' || u."object_key";
--> statement-breakpoint
UPDATE "portfolio_items" AS p SET "logo_url" = '/uploads/' || u."object_key"
FROM "uploads" AS u
WHERE p."logo_url" = u."public_url"
  AND u."public_url" = substring(u."public_url" from '^https?://[^/]+') || '/uploads/' || u."object_key";
--> statement-breakpoint
UPDATE "uploads" SET "public_url" = '/uploads/' || "object_key"
WHERE "public_url" = substring("public_url" from '^https?://[^/]+') || '/uploads/' || "object_key";
