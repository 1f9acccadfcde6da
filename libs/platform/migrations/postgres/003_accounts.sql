-- Accounts keep a few facts outside the event log, each for a reason the log cannot serve.

-- Per-person encryption keys (crypto-shredding): personal data in events is sealed with the
-- subject's key. Erasure sets key to NULL and keeps the row, so a destroyed subject is never
-- given a new key and replay knows the data is gone rather than missing.
CREATE TABLE gt_subject_keys (
  subject text PRIMARY KEY,
  key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  destroyed_at timestamptz
);

-- One account per address: a unique claim taken before the registering event is appended
-- (the log cannot enforce uniqueness across streams). Released when the account is deleted.
CREATE TABLE gt_email_claims (
  email text PRIMARY KEY,
  user_id bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gt_email_claims_user ON gt_email_claims (user_id);

-- Accounts linked to an outside identity provider (provider + its subject id).
CREATE TABLE gt_identity_links (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX gt_identity_links_user ON gt_identity_links (user_id);

-- Fixed-window attempt counters for login, register and recovery; shared by every API process.
CREATE TABLE gt_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits int NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

-- Secrets generated on first use when not configured (e.g. the token-signing key), so every
-- API process of one installation agrees on them.
CREATE TABLE gt_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-sign-on attempts in flight: state → nonce, PKCE verifier and where to go afterwards. One use.
CREATE TABLE gt_oidc_states (
  state text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  after text,
  created_at timestamptz NOT NULL DEFAULT now()
);
