DROP INDEX `notify_pending_user`;--> statement-breakpoint
DROP INDEX `notify_pending_due`;--> statement-breakpoint
CREATE INDEX `notify_pending_user_due` ON `notify_pending` (`user_id`,`due_at`);--> statement-breakpoint
DROP INDEX `notify_sent_user`;