CREATE TABLE `player_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`played` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL,
	`mahjongs` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `rating_changes_user`;--> statement-breakpoint
CREATE INDEX `rating_changes_user` ON `rating_changes` (`user_id`,`at`,`family`,`after`,`game_id`,`before`);--> statement-breakpoint
ALTER TABLE `game_players` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `game_players_active` ON `game_players` (`user_id`) WHERE active = 1;