CREATE TABLE `season_pairs` (
	`season_id` text NOT NULL,
	`user_id` text NOT NULL,
	`opponent_id` text NOT NULL,
	`score2` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`season_id`, `user_id`, `opponent_id`)
);
--> statement-breakpoint
CREATE TABLE `season_totals` (
	`season_id` text NOT NULL,
	`user_id` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`played` integer DEFAULT 0 NOT NULL,
	`mahjongs` integer DEFAULT 0 NOT NULL,
	`wall_games` integer DEFAULT 0 NOT NULL,
	`forfeits` integer DEFAULT 0 NOT NULL,
	`sonneborn_berger2` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`season_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `season_totals_points` ON `season_totals` (`season_id`,`points`);--> statement-breakpoint
ALTER TABLE `league_game_players` ADD `points` integer DEFAULT 0 NOT NULL;