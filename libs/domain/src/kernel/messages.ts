/** A tagged domain event or command: `{ type: 'ProjectCreated', data: {...} }`. */
export type Message<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
};

export type DomainEvent<Type extends string = string, Data = unknown> = Message<Type, Data>;
export type Command<Type extends string = string, Data = unknown> = Message<Type, Data>;

/**
 * Everything a decision may depend on besides state and command data arrives here,
 * so deciders need no clock and no id generator.
 */
export type EventMetadata = {
  /** Unique id of the event (uuid); appending the same id twice is a no-op. */
  readonly eventId: string;
  /** Id shared by every message caused by one outside request. */
  readonly correlationId: string;
  /** Id of the message (request or event) that caused this one. */
  readonly causationId: string;
  /** The acting user, or null for the system (seeders, station uploads). */
  readonly userId: number | null;
  /** ISO-8601 time the event happened. */
  readonly occurredAt: string;
};

/** What a command carries besides its data: who, when, and why. */
export type CommandMetadata = {
  readonly correlationId: string;
  readonly causationId: string;
  readonly userId: number | null;
  /** ISO-8601 time the command is decided at. */
  readonly now: string;
};
