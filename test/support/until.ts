/** Resolves once `check` holds, looking every 10 ms; rejects after `ms`. */
export const until = async (check: () => boolean, ms = 5000): Promise<void> => {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
