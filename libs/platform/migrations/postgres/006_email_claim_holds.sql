-- After an e-mail change the old address stays held by the account while the mail sent to it can
-- undo the change (7 days): nobody else can take it meanwhile (say, to block the undo), and it no
-- longer signs in or receives recovery mail. A hold past its time is free for anyone to claim.
ALTER TABLE gt_email_claims ADD COLUMN held_until timestamptz;
