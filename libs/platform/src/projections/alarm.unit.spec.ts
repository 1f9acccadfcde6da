import { Alarm } from './alarm.js';

describe('Alarm', () => {
  it('sleeps its time when nobody wakes it', async () => {
    const t0 = Date.now();
    await new Alarm().sleep(30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it('ends a sleep when woken', async () => {
    const alarm = new Alarm();
    const t0 = Date.now();
    const sleeping = alarm.sleep(10_000);
    setTimeout(() => alarm.wake(), 10);
    await sleeping;
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('keeps a wake that came while nobody slept for the next sleep, once', async () => {
    const alarm = new Alarm();
    alarm.wake();
    alarm.wake();
    const t0 = Date.now();
    await alarm.sleep(10_000); // ends at once: the news came before
    expect(Date.now() - t0).toBeLessThan(1000);
    const t1 = Date.now();
    await alarm.sleep(30); // the kept wake was used up
    expect(Date.now() - t1).toBeGreaterThanOrEqual(25);
  });
});
