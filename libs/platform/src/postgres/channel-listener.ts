import pg from 'pg';

export type ChannelListenerOptions = {
  readonly connectionString: string;
  readonly channel: string;
  readonly applicationName: string;
  readonly onNotice: (payload: string) => void;
  /** After every (re)connection: notices sent while away were missed, so catch up here. */
  readonly onConnected?: () => Promise<void> | void;
  readonly onLost?: (error: Error) => void;
  readonly retryMs?: number;
};

/**
 * LISTEN on a dedicated connection that comes back by itself: a lost connection is reported and
 * retried every `retryMs` until `close()`. `start()` rejects when the first attempt fails (and keeps
 * retrying in the background), so a caller can tell a database that is down at startup.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  get connected(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    const { connectionString, applicationName, channel } = this.options;
    const client = new pg.Client({ connectionString, application_name: applicationName });
    client.on('notification', (msg) => {
      if (msg.channel === channel) this.options.onNotice(msg.payload ?? '');
    });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.client = null;
      this.options.onLost?.(error);
      void client.end().catch(() => undefined);
      this.retryLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.retryLater();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    await this.options.onConnected?.();
  }

  private retryLater(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.start().catch(() => undefined), this.options.retryMs ?? 1000);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
