import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id (OWASP's recommended parameters: 19 MiB, 2 passes). `verifyOrWaste` spends the same
 * time when there is no account, so response times do not tell which addresses have one.
 */
@Injectable()
export class PasswordHasher {
  private static readonly options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, PasswordHasher.options);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) return this.waste(password);
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** The cost of a verification, for the case where there is nothing to verify. Always false. */
  async waste(password: string): Promise<false> {
    this.dummy ??= this.hash('not a password of anyone');
    await argon2.verify(await this.dummy, password).catch(() => false);
    return false;
  }
}
