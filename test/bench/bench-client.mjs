import { Worker } from 'node:worker_threads';

/**
 * A client in its own thread, like a browser on another machine: the server's event loop under test
 * does not also run the client's fetch, decompression and JSON parsing, which in the server's own
 * thread were counted in every call's time and delayed the calls after it. `times(urls)` asks each
 * URL in turn (with the token, accepting brotli and gzip as a browser does) and answers the wall time
 * of each call in ms, the body read and parsed, and `rows`: the last answer's `data` length (a chart's
 * rows; null without); a call answered 300 or more throws.
 */
export const threadClient = (base, token) => {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', async ({ base, token, urls }) => {
       try {
         const times = [];
         let rows = null;
         for (const url of urls) {
           const t0 = performance.now();
           const res = await fetch(base + url, { headers: { authorization: 'Bearer ' + token, 'accept-encoding': 'br, gzip' } });
           const text = await res.text();
           if (res.status >= 300) throw new Error(url + ' answered ' + res.status + ': ' + text.slice(0, 300));
           rows = JSON.parse(text).data?.length ?? null;
           times.push(performance.now() - t0);
         }
         parentPort.postMessage({ times, rows });
       } catch (error) {
         parentPort.postMessage({ error: String(error?.stack ?? error) });
       }
     });`,
    { eval: true },
  );
  return {
    times: (urls) =>
      new Promise((resolve, reject) => {
        worker.once('message', ({ times, rows, error }) => (error ? reject(new Error(error)) : resolve({ times, rows })));
        worker.postMessage({ base, token, urls });
      }),
    close: () => worker.terminate(),
  };
};
