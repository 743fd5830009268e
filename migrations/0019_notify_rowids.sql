PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notify_pending` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`body` text NOT NULL,
	`channels` text NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_notify_pending`("id", "user_id", "game_id", "body", "channels", "due_at", "created_at") SELECT "id", "user_id", "game_id", "body", "channels", "due_at", "created_at" FROM `notify_pending`;--> statement-breakpoint
DROP TABLE `notify_pending`;--> statement-breakpoint
ALTER TABLE `__new_notify_pending` RENAME TO `notify_pending`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notify_pending_user` ON `notify_pending` (`user_id`);--> statement-breakpoint
CREATE INDEX `notify_pending_due` ON `notify_pending` (`due_at`);--> statement-breakpoint
CREATE TABLE `__new_notify_sent` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`kinds` text NOT NULL,
	`game_ids` text NOT NULL,
	`detail` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_notify_sent`("id", "user_id", "channel", "kinds", "game_ids", "detail", "sent_at") SELECT "id", "user_id", "channel", "kinds", "game_ids", "detail", "sent_at" FROM `notify_sent`;--> statement-breakpoint
DROP TABLE `notify_sent`;--> statement-breakpoint
ALTER TABLE `__new_notify_sent` RENAME TO `notify_sent`;--> statement-breakpoint
CREATE INDEX `notify_sent_user` ON `notify_sent` (`user_id`,`sent_at`);