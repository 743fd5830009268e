CREATE TABLE `league_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`email` text NOT NULL,
	`masked` text NOT NULL,
	`invited_by` text NOT NULL,
	`sent_at` integer NOT NULL,
	`mail` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `league_invitations_league` ON `league_invitations` (`league_id`,`id`);