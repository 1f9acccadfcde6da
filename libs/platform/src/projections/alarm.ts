/**
 * A sleep that ends early when woken. A wake while nobody sleeps is kept for the next sleep, which
 * then ends at once: a loop that looked for news just before it came does not sleep through it.
 */
export class Alarm {
  private wakeUp: (() => void) | null = null;
  private pending = false;

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.pending = true;
  }
}
