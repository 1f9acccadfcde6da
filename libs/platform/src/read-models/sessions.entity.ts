/** A row of `sessions` (the projector's sessions projection writes it; its DDL is there). No token hashes here. */
export type SessionRow = {
  id: string;
  revision: string;
  user_id: string;
  method: string;
  spoofed_by: string | null;
  ended_reason: string | null;
  expires_at: Date;
  started_at: Date;
  updated_at: Date;
};
