PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notify_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text DEFAULT 'each' NOT NULL,
	`push` integer DEFAULT true NOT NULL,
	`events` text NOT NULL,
	`quiet_start` text,
	`quiet_end` text,
	`timezone` text,
	`digest_hour` integer DEFAULT 8 NOT NULL,
	`digest_sent_on` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_notify_settings`("user_id", "email", "push", "events", "quiet_start", "quiet_end", "timezone", "digest_hour", "digest_sent_on", "updated_at") SELECT "user_id", "email", "push", "events", "quiet_start", "quiet_end", "timezone", "digest_hour", "digest_sent_on", "updated_at" FROM `notify_settings`;--> statement-breakpoint
DROP TABLE `notify_settings`;--> statement-breakpoint
ALTER TABLE `__new_notify_settings` RENAME TO `notify_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;