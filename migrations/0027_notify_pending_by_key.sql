PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notify_pending` (
	`user_id` text NOT NULL,
	`due_at` integer NOT NULL,
	`id` integer NOT NULL,
	`game_id` text NOT NULL,
	`body` text NOT NULL,
	`channels` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `due_at`, `id`)
);
--> statement-breakpoint
INSERT INTO `__new_notify_pending`("user_id", "due_at", "id", "game_id", "body", "channels", "created_at") SELECT "user_id", "due_at", "id", "game_id", "body", "channels", "created_at" FROM `notify_pending`;--> statement-breakpoint
DROP TABLE `notify_pending`;--> statement-breakpoint
ALTER TABLE `__new_notify_pending` RENAME TO `notify_pending`;--> statement-breakpoint
PRAGMA foreign_keys=ON;