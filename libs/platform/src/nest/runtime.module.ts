import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Runtime } from '../runtime/runtime.js';

// The opened runtime (see openRuntime) as named providers: a class injects the stores it uses, so
// its constructor says which I/O it does. The whole Runtime is no provider; only the composition
// roots (main, server, projector-server, the CLI tools, test-app) hold it, and they close it.

/** The event log (`Runtime.store`: personal data sealed on append, opened on read). */
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The Postgres pool of read models, claims and other tables (`Runtime.pool`). */
export const PG_POOL = Symbol('PG_POOL');
/** Connection string of PG_POOL, for LISTEN connections (`Runtime.databaseUrl`). */
export const DATABASE_URL = Symbol('DATABASE_URL');
/** ClickHouse: readings and their aggregates (`Runtime.clickhouse`). */
export const CLICKHOUSE = Symbol('CLICKHOUSE');
/** Media and raw uploads (`Runtime.blobs`). */
export const BLOBS = Symbol('BLOBS');
/** The parsed configuration (`Runtime.config`). */
export const APP_CONFIG = Symbol('APP_CONFIG');
/** The process's logger (`Runtime.log`). */
export const LOGGER = Symbol('LOGGER');
/** Numeric ids, one sequence per kind (`Runtime.ids`). */
export const ID_ALLOCATOR = Symbol('ID_ALLOCATOR');
/** Per-person keys of the personal data in the log (`Runtime.keys`). */
export const SUBJECT_KEYS = Symbol('SUBJECT_KEYS');
/** Upcasters of old event shapes (`Runtime.upcasters`). */
export const UPCASTERS = Symbol('UPCASTERS');

@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const named: Provider[] = [
      { provide: EVENT_STORE, useValue: runtime.store },
      { provide: PG_POOL, useValue: runtime.pool },
      { provide: DATABASE_URL, useValue: runtime.databaseUrl },
      // The getter throws where ClickHouse was not opened: only the CLI tools, which compose no app.
      { provide: CLICKHOUSE, useFactory: () => runtime.clickhouse },
      { provide: BLOBS, useValue: runtime.blobs },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: LOGGER, useValue: runtime.log },
      { provide: ID_ALLOCATOR, useValue: runtime.ids },
      { provide: SUBJECT_KEYS, useValue: runtime.keys },
      { provide: UPCASTERS, useValue: runtime.upcasters },
    ];
    return {
      module: RuntimeModule,
      providers: named,
      exports: [EVENT_STORE, PG_POOL, DATABASE_URL, CLICKHOUSE, BLOBS, APP_CONFIG, LOGGER, ID_ALLOCATOR, SUBJECT_KEYS, UPCASTERS],
    };
  }
}
