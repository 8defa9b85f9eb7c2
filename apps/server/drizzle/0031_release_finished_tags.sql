-- Issue 32: a delivered or cancelled job gives its tag back (its location history stays). Tags that finished
-- jobs still held are released, with the change recorded as the tracking service records it.
INSERT INTO "item_changes" ("item_kind", "item_id", "at", "actor_id", "action", "changes")
SELECT t."item_kind", t."item_id", now(), NULL, 'tracking-stopped',
  jsonb_build_object('epc', jsonb_build_object('from', t."epc", 'to', NULL), 'reason', jsonb_build_object('from', NULL, 'to', 'Finished'))
FROM "tracked_items" t
WHERE (t."item_kind" = 'order' AND EXISTS (
    SELECT 1 FROM "orders" o WHERE o."id" = t."item_id" AND o."status" IN ('delivered', 'cancelled')))
  OR (t."item_kind" = 'repair' AND EXISTS (
    SELECT 1 FROM "repairs" r WHERE r."id" = t."item_id" AND r."status" IN ('picked_up', 'cancelled')));
--> statement-breakpoint
DELETE FROM "tracked_items" t
WHERE (t."item_kind" = 'order' AND EXISTS (
    SELECT 1 FROM "orders" o WHERE o."id" = t."item_id" AND o."status" IN ('delivered', 'cancelled')))
  OR (t."item_kind" = 'repair' AND EXISTS (
    SELECT 1 FROM "repairs" r WHERE r."id" = t."item_id" AND r."status" IN ('picked_up', 'cancelled')));
