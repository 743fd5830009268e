CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`email` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user` ON `account_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `game_results` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`family` text NOT NULL,
	`result` text NOT NULL,
	`points` integer NOT NULL,
	`place` integer NOT NULL,
	`mahjong` integer NOT NULL,
	`won` integer DEFAULT false NOT NULL,
	`rated` integer NOT NULL,
	`ended_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `game_results_user` ON `game_results` (`user_id`,`ended_at`,`points`,`mahjong`,`won`);--> statement-breakpoint
CREATE TABLE `rating_changes` (
	`game_id` text NOT NULL,
	`user_id` text NOT NULL,
	`family` text NOT NULL,
	`before` real NOT NULL,
	`before_rd` real NOT NULL,
	`before_vol` real NOT NULL,
	`after` real NOT NULL,
	`after_rd` real NOT NULL,
	`after_vol` real NOT NULL,
	`games_before` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `rating_changes_user` ON `rating_changes` (`user_id`,`at`,`family`,`after`,`game_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`user_id` text NOT NULL,
	`family` text NOT NULL,
	`rating` real NOT NULL,
	`rd` real NOT NULL,
	`vol` real NOT NULL,
	`games` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `family`)
);
--> statement-breakpoint
CREATE INDEX `ratings_board` ON `ratings` (`family`,`rating`);--> statement-breakpoint
ALTER TABLE `games` ADD `rated` integer DEFAULT false NOT NULL;