import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Runtime } from '../runtime/runtime.js';

/** DI token for the opened stores (see openRuntime); every I/O provider starts from it. */
export const RUNTIME = Symbol('RUNTIME');

@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return { module: RuntimeModule, providers: [{ provide: RUNTIME, useValue: runtime }], exports: [RUNTIME] };
  }
}
