CREATE TABLE `league_removals` (
	`league_id` text NOT NULL,
	`user_id` text NOT NULL,
	`removed_by` text NOT NULL,
	`removed_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`)
);
