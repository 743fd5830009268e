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
	`rated` integer NOT NULL,
	`ended_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `game_results_user` ON `game_results` (`user_id`,`ended_at`);--> statement-breakpoint
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
CREATE INDEX `rating_changes_user` ON `rating_changes` (`user_id`,`family`,`at`);--> statement-breakpoint
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