-- socket.io's Postgres adapter (live notifications across API processes) sends its messages with
-- NOTIFY, and those over 8000 bytes through this table. It is created here, once, so that several
-- API processes starting together do not race to create it.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id          bigserial UNIQUE,
  created_at  timestamptz DEFAULT NOW(),
  payload     bytea
);
