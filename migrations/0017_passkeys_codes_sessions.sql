CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`backed_up` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_user` ON `passkeys` (`user_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expiry` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `request_hash` text;--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `code_hash` text;--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `code_tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `code_used_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `login_tokens_request` ON `login_tokens` (`request_hash`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `browser` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `via` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;