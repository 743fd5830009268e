ALTER TABLE `users` ADD `ledger_points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `ledger_games` integer DEFAULT 0 NOT NULL;