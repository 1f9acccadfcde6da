import { DEFAULT_LOCALE, DELETED_USER_NAME, userEventTypes, type UserEvent } from '@groundtruth/domain';
import {
  foldIntoRows,
  type Projection,
  type RecordedEvent,
  type UserRow,
  type WrittenRow,
  usersTable,
} from '@groundtruth/platform';

/**
 * People as the API shows them. Personal fields come from the events' sealed `pii`: after an
 * account is deleted its key is gone, so a rebuild writes the same "deleted user" row as the live
 * projection did when the deletion happened.
 */
type Row = WrittenRow<UserRow>;

const erased = (row: Row, at: string): Row => ({
  ...row,
  email: null,
  name: DELETED_USER_NAME,
  bio: '',
  photo: null,
  public_profile: false,
  // Erased: a rebuild cannot read the sealed hash any more, so the live row says the same.
  has_password: false,
  admin: false,
  moderator: false,
  deleted: true,
  updated_at: at,
});

const evolve = (row: Row | undefined, event: UserEvent, revision: string): Row | undefined => {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    const fresh: Row = {
      id: String(d.userId),
      revision,
      email: d.pii?.email ?? null,
      name: d.pii?.name ?? DELETED_USER_NAME,
      bio: '',
      photo: null,
      public_profile: false,
      email_validated: d.emailValidated,
      has_password: (d.pii?.passwordHash ?? null) !== null,
      locale: d.locale ?? DEFAULT_LOCALE,
      tnc_date: d.tncDate,
      admin: false,
      moderator: false,
      deleted: false,
      created_at: d.registeredAt,
      updated_at: d.registeredAt,
    };
    return fresh;
  }
  if (!row) return row;
  const next = { ...row, revision };
  switch (event.type) {
    case 'UserEmailValidated':
      return { ...next, email_validated: true, updated_at: event.data.validatedAt };
    case 'UserProfileUpdated': {
      const pii = event.data.pii;
      return {
        ...next,
        ...(pii ? { name: pii.name, email: pii.email, bio: pii.bio } : {}),
        public_profile: event.data.publicProfile,
        email_validated: event.data.emailChanged ? false : row.email_validated,
        updated_at: event.data.updatedAt,
      };
    }
    case 'UserPasswordChanged':
      return { ...next, has_password: true, updated_at: event.data.changedAt };
    case 'UserPasswordCleared':
      return { ...next, has_password: false, updated_at: event.data.clearedAt };
    case 'UserPhotoChanged':
      return { ...next, photo: event.data.photo, updated_at: event.data.changedAt };
    case 'UserTermsAccepted':
      return { ...next, tnc_date: event.data.tncDate, updated_at: event.data.tncDate };
    case 'UserTermsCleared':
      return { ...next, tnc_date: null, updated_at: event.data.clearedAt };
    case 'UserRolesChanged':
      return { ...next, admin: event.data.admin, moderator: event.data.moderator, updated_at: event.data.changedAt };
    case 'UserIdentityLinked':
    case 'UserEmailUndoOffered':
      return next;
    case 'UserEmailChangeUndone': {
      const pii = event.data.pii;
      return {
        ...next,
        ...(pii ? { email: pii.email } : {}),
        email_validated: event.data.emailValidated,
        updated_at: event.data.undoneAt,
      };
    }
    case 'UserDeleted':
      return erased(next, event.data.deletedAt);
  }
};

export const usersProjection: Projection = {
  name: 'users',
  handles: userEventTypes,
  tables: [usersTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    await foldIntoRows<Row, RecordedEvent & UserEvent>(client, {
      table: table(usersTable.name),
      key: 'id',
      events: events as readonly (RecordedEvent & UserEvent)[],
      keyOf: (e) => String(e.data.userId),
      evolve,
    });
  },
};
