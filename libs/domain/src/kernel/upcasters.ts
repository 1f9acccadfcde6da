import type { DomainEvent } from './messages.js';

/** Turns one stored shape into the next. A shipped event never changes; it is upcast on read. */
export type Upcaster = (event: DomainEvent) => DomainEvent;

export class UpcasterRegistry {
  private readonly byType = new Map<string, Upcaster>();

  register(fromType: string, upcaster: Upcaster): this {
    if (this.byType.has(fromType)) throw new Error(`An upcaster for ${fromType} is already registered`);
    this.byType.set(fromType, upcaster);
    return this;
  }

  /** Applies upcasters until the event reaches a type that has none (the current version). */
  upcast(event: DomainEvent): DomainEvent {
    let current = event;
    for (let hops = 0; ; hops++) {
      const next = this.byType.get(current.type);
      if (!next) return current;
      if (hops > 32) throw new Error(`Upcaster chain from ${event.type} does not end`);
      current = next(current);
    }
  }
}
