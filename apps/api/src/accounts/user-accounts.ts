import { Inject, Injectable } from '@nestjs/common';
import { fold, userDecider, userStream, type UserEvent, type UserState } from '@groundtruth/domain';
import { EVENT_STORE, type EventStore } from '@groundtruth/platform';

/**
 * The authoritative state of one account, folded from its stream (personal data opened). Used where
 * the read model may lag or must not be trusted: passwords, sign-in, erasure.
 */
@Injectable()
export class UserAccounts {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(userId: number): Promise<UserState> {
    const history = await this.store.readStream(userStream(userId));
    return fold(userDecider, history as unknown as UserEvent[]);
  }
}
