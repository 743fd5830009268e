CREATE TABLE `game_players` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`to_act` integer DEFAULT false NOT NULL,
	`deadline` integer,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `game_players_user` ON `game_players` (`user_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`ruleset` text NOT NULL,
	`status` text NOT NULL,
	`seats` integer NOT NULL,
	`created_by` text NOT NULL,
	`invite_hash` text NOT NULL,
	`days_per_move` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deadline` integer,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `games_status` ON `games` (`status`,`deadline`);--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`points` integer NOT NULL,
	`detail` text NOT NULL,
	`ruleset` text NOT NULL,
	`league_id` text,
	`season_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_game_seat_reason` ON `ledger` (`game_id`,`seat`,`reason`);--> statement-breakpoint
CREATE INDEX `ledger_user` ON `ledger` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`link` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_to` ON `outbox` (`to_address`,`id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`vacation_year` integer DEFAULT 0 NOT NULL,
	`vacation_days` integer DEFAULT 0 NOT NULL,
	`vacation_until` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `notify_dead` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`queue` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notify_pending` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`body` text NOT NULL,
	`channels` text NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notify_pending_user` ON `notify_pending` (`user_id`);--> statement-breakpoint
CREATE INDEX `notify_pending_due` ON `notify_pending` (`due_at`);--> statement-breakpoint
CREATE TABLE `notify_sent` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`kinds` text NOT NULL,
	`game_ids` text NOT NULL,
	`detail` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notify_sent_user` ON `notify_sent` (`user_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `notify_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text DEFAULT 'each' NOT NULL,
	`push` integer DEFAULT true NOT NULL,
	`events` text NOT NULL,
	`quiet_start` text,
	`quiet_end` text,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`digest_hour` integer DEFAULT 8 NOT NULL,
	`digest_sent_on` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`);