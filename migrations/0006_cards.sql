CREATE TABLE `card_games` (
	`card_id` text NOT NULL,
	`game_id` text NOT NULL,
	PRIMARY KEY(`card_id`, `game_id`)
);
--> statement-breakpoint
CREATE TABLE `cards` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_user_id` text,
	`league_id` text,
	`created_by` text NOT NULL,
	`data` text NOT NULL,
	`source` text,
	`share_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cards_owner` ON `cards` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `cards_league` ON `cards` (`league_id`);--> statement-breakpoint
CREATE INDEX `cards_share` ON `cards` (`share_hash`);