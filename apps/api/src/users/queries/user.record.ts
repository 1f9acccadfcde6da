import { EntitySchema } from '@mikro-orm/postgresql';

/** A row of the `users` read model (written by the projector's users projection). */
export class UserRecordShape {
  id!: number;
  revision!: number;
  email!: string | null;
  name!: string;
  bio!: string;
  photo!: string | null;
  publicProfile!: boolean;
  emailValidated!: boolean;
  hasPassword!: boolean;
  locale!: 'en-US' | 'es-ES';
  tncDate!: Date | null;
  admin!: boolean;
  moderator!: boolean;
  deleted!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}

export const UserRecord = new EntitySchema<UserRecordShape>({
  class: UserRecordShape,
  tableName: 'users',
  properties: {
    id: { type: 'bigint', primary: true, mapToPk: false, runtimeType: 'number' } as never,
    revision: { type: 'bigint', runtimeType: 'number' } as never,
    email: { type: 'text', nullable: true },
    name: { type: 'text' },
    bio: { type: 'text' },
    photo: { type: 'text', nullable: true },
    publicProfile: { type: 'boolean', fieldName: 'public_profile' },
    emailValidated: { type: 'boolean', fieldName: 'email_validated' },
    hasPassword: { type: 'boolean', fieldName: 'has_password' },
    locale: { type: 'text' },
    tncDate: { type: 'datetime', nullable: true, fieldName: 'tnc_date' },
    admin: { type: 'boolean' },
    moderator: { type: 'boolean' },
    deleted: { type: 'boolean' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});

/** A row of the `sessions` read model: whether a session has ended, for the check on every request. */
export class SessionRecordShape {
  id!: string;
  userId!: number;
  method!: string;
  endedReason!: string | null;
  expiresAt!: Date;
}

export const SessionRecord = new EntitySchema<SessionRecordShape>({
  class: SessionRecordShape,
  tableName: 'sessions',
  properties: {
    id: { type: 'text', primary: true },
    userId: { type: 'bigint', fieldName: 'user_id', runtimeType: 'number' } as never,
    method: { type: 'text' },
    endedReason: { type: 'text', nullable: true, fieldName: 'ended_reason' },
    expiresAt: { type: 'datetime', fieldName: 'expires_at' },
  },
});
