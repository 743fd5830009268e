-- Each player's web push devices kept on their row (users.push_devices), so that a notice's flush reads
-- its recipient and their devices in one row (worker/db/notify.ts recipient): reading push_subscriptions
-- counted a row per device and one more for the index entry after the player's last. push_subscriptions
-- stays the truth: the copy is filled from it as it stands, then rewritten by a trigger on every change
-- there, whatever writes it (subscribe, unsubscribe, a device switched off, a device the push service
-- refused with 404/410, account deletion). A subscription that moves to another player rewrites both.
ALTER TABLE `users` ADD `push_devices` text;
--> statement-breakpoint
UPDATE users SET push_devices = (
  SELECT json_group_array(json_object('id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth, 'device', p.device, 'enabled', p.enabled))
  FROM push_subscriptions p WHERE p.user_id = users.id
) WHERE id IN (SELECT user_id FROM push_subscriptions);
--> statement-breakpoint
CREATE TRIGGER push_devices_added AFTER INSERT ON push_subscriptions
BEGIN
  UPDATE users SET push_devices = (
    SELECT json_group_array(json_object('id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth, 'device', p.device, 'enabled', p.enabled))
    FROM push_subscriptions p WHERE p.user_id = NEW.user_id
  ) WHERE id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER push_devices_changed AFTER UPDATE ON push_subscriptions
BEGIN
  UPDATE users SET push_devices = (
    SELECT json_group_array(json_object('id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth, 'device', p.device, 'enabled', p.enabled))
    FROM push_subscriptions p WHERE p.user_id = users.id
  ) WHERE id IN (NEW.user_id, OLD.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER push_devices_removed AFTER DELETE ON push_subscriptions
BEGIN
  UPDATE users SET push_devices = (
    SELECT json_group_array(json_object('id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth, 'device', p.device, 'enabled', p.enabled))
    FROM push_subscriptions p WHERE p.user_id = OLD.user_id
  ) WHERE id = OLD.user_id;
END;
