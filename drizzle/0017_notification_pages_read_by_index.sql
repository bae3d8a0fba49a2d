-- A member's notifications (docs/product.md §12) read from indexes, whatever their number
-- (docs/decisions/017-galleries-at-scale.md): the page's index carries the keyset's tie-break (id), so a
-- page is a range with no sort; the unread index carries comment_id, so the count reads no table rows;
-- and the few deleted or hidden comments have an index of their own, which the check that leaves their
-- notifications out reads instead of every comment.
DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "comments_removed_idx" ON "comments" USING btree ("id") WHERE "comments"."deleted_at" is not null or "comments"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","comment_id") WHERE "notifications"."read_at" is null;