-- Login attempts counted before the password is checked (issue 19, docs/decisions/0008-login-lock-out.md).
-- One row per typed user name (lower case) and client address, and one per name with address '*'
-- for the attempts from addresses the account has never signed in from. A name that is not a
-- user is counted the same way, so the answers never tell whether an account exists.
CREATE TABLE login_attempts (
  name_key text NOT NULL,
  address text NOT NULL,
  -- attempts taken in the window that started at window_start, each counted before its check
  attempts integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (name_key, address)
);
CREATE INDEX login_attempts_window_start ON login_attempts (window_start);
