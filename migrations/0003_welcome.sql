ALTER TABLE `users` ADD `welcomed_at` integer;--> statement-breakpoint
-- Players who already chose a time zone have been welcomed.
UPDATE `users` SET `welcomed_at` = `created_at` WHERE `timezone` <> 'UTC';
