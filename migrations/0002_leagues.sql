CREATE TABLE `league_game_players` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`season_id` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `league_game_players_season` ON `league_game_players` (`season_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `league_games` (
	`game_id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`season_id` text NOT NULL,
	`round` integer NOT NULL,
	`table_no` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `league_games_due` ON `league_games` (`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `league_games_season` ON `league_games` (`season_id`,`round`);--> statement-breakpoint
CREATE TABLE `league_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`season_id` text,
	`game_id` text,
	`actor_id` text NOT NULL,
	`action` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `league_log_league` ON `league_log` (`league_id`,`id`);--> statement-breakpoint
CREATE TABLE `league_members` (
	`league_id` text NOT NULL,
	`user_id` text NOT NULL,
	`organiser` integer DEFAULT false NOT NULL,
	`plays` integer DEFAULT true NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `league_members_user` ON `league_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`visibility` text NOT NULL,
	`invite_hash` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `season_players` (
	`season_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`season_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `seasons` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`name` text NOT NULL,
	`ruleset` text NOT NULL,
	`options` text NOT NULL,
	`days_per_move` integer NOT NULL,
	`format` text NOT NULL,
	`mode` text NOT NULL,
	`starts_at` integer NOT NULL,
	`round_days` integer NOT NULL,
	`rounds` integer NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `seasons_league` ON `seasons` (`league_id`);--> statement-breakpoint
CREATE INDEX `ledger_season` ON `ledger` (`season_id`,`game_id`);