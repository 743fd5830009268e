CREATE TABLE `rating_pairs` (
	`game_id` text NOT NULL,
	`user_a` text NOT NULL,
	`user_b` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_a`, `user_b`)
);
--> statement-breakpoint
CREATE INDEX `rating_pairs_pair` ON `rating_pairs` (`user_a`,`user_b`,`at`);