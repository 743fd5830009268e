CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`ruleset` text NOT NULL,
	`days_per_move` integer NOT NULL,
	`options` text NOT NULL,
	`rated` integer DEFAULT false NOT NULL,
	`seats` integer NOT NULL,
	`invite_hash` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`computers_after_days` integer,
	`computer_strength` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`closed_at` integer
);
--> statement-breakpoint
CREATE INDEX `challenges_open` ON `challenges` (`status`,`ruleset`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenges_by` ON `challenges` (`created_by`,`status`);