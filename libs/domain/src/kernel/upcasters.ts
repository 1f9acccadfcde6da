import type { DomainEvent } from './messages.js';

/**
 * Turns one stored shape into the next. A shipped event never changes; it is upcast on read: to a
 * new type (`Named` → `NamedV2`), or, for a type whose data gained a field the old events lack, to
 * the same type in its current shape (an upcaster that keeps the type ends the chain).
 */
export type Upcaster = (event: DomainEvent) => DomainEvent;

export class UpcasterRegistry {
  private readonly byType = new Map<string, Upcaster>();

  register(fromType: string, upcaster: Upcaster): this {
    if (this.byType.has(fromType)) throw new Error(`An upcaster for ${fromType} is already registered`);
    this.byType.set(fromType, upcaster);
    return this;
  }

  /**
   * Applies upcasters until the event reaches a type that has none, or one that keeps its type
   * (the current version in its current shape).
   */
  upcast(event: DomainEvent): DomainEvent {
    let current = event;
    for (let hops = 0; ; hops++) {
      const next = this.byType.get(current.type);
      if (!next) return current;
      if (hops > 32) throw new Error(`Upcaster chain from ${event.type} does not end`);
      const upcast = next(current);
      if (upcast.type === current.type) return upcast;
      current = upcast;
    }
  }

  /** The types that have an upcaster (for the audit's "read in its current shape" marks). */
  has(type: string): boolean {
    return this.byType.has(type);
  }
}
