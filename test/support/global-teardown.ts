import { promises as fs } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as Record<string, unknown>)['__GT_TEST_PG__'] as { stop(): Promise<void>; dir: string } | undefined;
  if (!handle) return;
  await handle.stop();
  await fs.rm(handle.dir, { recursive: true, force: true });
}
