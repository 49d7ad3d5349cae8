-- An instance that had accounts before invitations (decision 048): its oldest account becomes the administrator.
UPDATE "users" SET "is_administrator" = true
WHERE "id" = (SELECT "id" FROM "users" ORDER BY "created_at", "id" LIMIT 1)
  AND NOT EXISTS (SELECT 1 FROM "users" WHERE "is_administrator");
