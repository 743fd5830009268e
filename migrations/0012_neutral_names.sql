-- A new player was named after their address's local part ("jane.doe.1987@example.org" showed as
-- "Jane.doe.1987" on profiles, challenge lists and tables). Players whose name is still exactly
-- that derivation get a neutral name, not derived from the address, and are asked the first-visit
-- question again (which now says the name is public). The derivation was the local part with its
-- first letter in capitals, cut to 40 characters.
UPDATE users
SET display_name = 'Player ' || (1000 + abs(random() % 9000)), welcomed_at = NULL
WHERE email NOT LIKE 'deleted:%' AND instr(email, '@') > 1
  AND display_name = substr(upper(substr(email, 1, 1)) || substr(email, 2, instr(email, '@') - 2), 1, 40);
