-- Each session keeps a copy of its user's fields that every request reads (worker/db/accounts.ts
-- sessionUser), so that a request reads one row, not the session joined to the user. Filled for the
-- sessions open now, and kept the same by a trigger whenever one of those fields changes in `users`.
UPDATE sessions SET
  email = (SELECT u.email FROM users u WHERE u.id = sessions.user_id),
  display_name = (SELECT u.display_name FROM users u WHERE u.id = sessions.user_id),
  timezone = (SELECT u.timezone FROM users u WHERE u.id = sessions.user_id),
  vacation_until = (SELECT u.vacation_until FROM users u WHERE u.id = sessions.user_id);
--> statement-breakpoint
CREATE TRIGGER sessions_user_copy AFTER UPDATE OF email, display_name, timezone, vacation_until ON users
BEGIN
  UPDATE sessions SET email = NEW.email, display_name = NEW.display_name, timezone = NEW.timezone, vacation_until = NEW.vacation_until
  WHERE user_id = NEW.id;
END;
