-- Custom SQL: notify_pending kept by its key alone (WITHOUT ROWID, which drizzle's schema cannot say;
-- worker/db/schema-notify.ts). A player's rows are read along the key (user, due time, order), and a
-- row held writes one row instead of a row and its key's index entry (D1 counts each as a row written).
CREATE TABLE `notify_pending_by_key` (
	`user_id` text NOT NULL,
	`due_at` integer NOT NULL,
	`id` integer NOT NULL,
	`game_id` text NOT NULL,
	`body` text NOT NULL,
	`channels` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `due_at`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `notify_pending_by_key` ("user_id", "due_at", "id", "game_id", "body", "channels", "created_at") SELECT "user_id", "due_at", "id", "game_id", "body", "channels", "created_at" FROM `notify_pending`;--> statement-breakpoint
DROP TABLE `notify_pending`;--> statement-breakpoint
ALTER TABLE `notify_pending_by_key` RENAME TO `notify_pending`;
