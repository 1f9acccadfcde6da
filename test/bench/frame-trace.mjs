// Where a frame's time goes, from a Chromium trace of a pan and zoom (maps.bench.mjs, part 4).
//
// Read from the trace as recorded here (headless Chromium, --disable-gpu: WebGL runs in the GPU
// process on SwiftShader, and the page is composited in software):
// - Frames: the renderer main thread's ProxyMain::BeginMainFrame events (cc's main-frame update,
//   one per frame the page produces); a frame's time runs from one to the next.
// - The renderer main thread: its top-level tasks (trace events nested in no other) that start in
//   the frame, by wall time and by thread CPU time (tdur: what the thread ran, not what it waited
//   for or lost to other processes). Wall time is split by the innermost event named below
//   (self time, each nested event counted once): JS (FunctionCall, FireAnimationFrame, EventDispatch,
//   TimerFire, RunMicrotasks, HandlePostMessage, V8.*), GC (MinorGC, MajorGC, V8.GC*), style and
//   layout (UpdateLayoutTree, Layout), paint and commit (PrePaint, Paint, Layerize, Commit...), the
//   WebGL canvas's read-back (GLES2::ReadPixels: with software compositing, cc copies the canvas's
//   pixels on every frame it changed), and within it the wait for the GPU process to have drawn them
//   (CommandBufferProxyImpl::WaitForGetOffset and ::WaitForToken, CommandBufferHelper::Finish's
//   waits): the rasterizer's time, spent on the main thread but not by it. "Own" is the main
//   thread's busy wall time less that wait.
// - Within the main thread's JS, from the V8 CPU profile in the trace (samples of the main thread):
//   MapLibre's render call (samples under the maplibre chunk's `_render`) and the markers' own code
//   (samples with a frame of the map-canvas chunk, or of MapLibre's `_update`, which places a Marker,
//   or a Popup: none is open here, on every move); a sample counts for the time until the next one.
// - The rasterizer: the GPU process's main thread (CrGpuMain: WebGL's commands run there, on
//   SwiftShader; SwiftShader's own worker threads do not trace, and this thread waits for them),
//   the display compositor (VizCompositorThread: SoftwareRenderer draws the page's layers), and the
//   renderer's compositor thread and raster tasks (RasterTask on its worker threads: DOM, markers
//   included, drawn to tiles in software); each by top-level tasks starting in the frame.
// With BENCH_GL_ARGS giving GPU compositing (on a software GL), the canvas is not read back: no wait
// shows on the main thread, and the GPU process's main thread also composites.

import { readFileSync, readdirSync } from 'node:fs';

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every architecture Chromium runs on here). */
const TICK_MS = 10;

/**
 * CPU time so far of Chromium's renderer and GPU processes (whole processes, every thread: SwiftShader's
 * workers too, which the trace does not see), by pid, in ms, and by thread name.
 */
export const chromiumCpu = () => {
  const out = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/--type=(renderer|gpu-process)/.test(cmdline)) continue;
      const threads = new Map();
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Fields after the parenthesised name: state is the 3rd; utime and stime the 14th and 15th.
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
        // Threads of a kind (SwiftShader's workers, raster workers) summed under their name less its number.
        // (Thread<NN> are SwiftShader's workers; a process's main thread is named after the program.)
        const kind = tid === pid ? 'main thread' : name.replace(/\d+$/, '');
        threads.set(kind, (threads.get(kind) ?? 0) + ms);
      }
      out.set(Number(pid), threads);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return out;
};

export const FRAME_TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'gpu',
  'viz',
  'cc',
  'benchmark',
];

export const FRAME_TRACE_NOTE =
  "per frame, ms: p50/p95 of wall time and of thread CPU time; frames from the renderer main thread's ProxyMain::BeginMainFrame";

/** The bucket an event's self time goes to; an event not named here takes its parent's. */
const BUCKETS = [
  ['wait for GPU', /^(CommandBufferProxyImpl::WaitFor|CommandBufferHelper::WaitFor|GpuChannelHost::Send)/],
  ['read-back', /^GLES2::ReadPixels$/],
  ['GC', /^(MinorGC|MajorGC|V8\.GC|BlinkGC)/],
  ['JS', /^(FunctionCall|FireAnimationFrame|EventDispatch|TimerFire|RunMicrotasks|HandlePostMessage|EvaluateScript|V8\.|v8\.)/],
  ['style/layout', /^(UpdateLayoutTree|Layout|RecalculateStyles|InvalidateLayout|HitTest)$/],
  ['paint/commit', /^(PrePaint|Paint|Layerize|PaintImage|Commit|UpdateLayer|ProxyMain::BeginMainFrame|LayerTreeHost::)/],
];
const bucketOf = (name) => BUCKETS.find(([, re]) => re.test(name))?.[0];

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Each thread's complete events, in order, with their parent: `{ e, parent, bucket }`. */
const nest = (events) => {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const out = [];
  for (const e of sorted) {
    while (stack.length > 0 && stack.at(-1).e.ts + stack.at(-1).e.dur <= e.ts) stack.pop();
    const parent = stack.at(-1) ?? null;
    const node = { e, parent, children: 0, childrenTime: 0, bucket: bucketOf(e.name) ?? parent?.bucket ?? 'other' };
    if (parent) parent.childrenTime += Math.min(e.dur, parent.e.ts + parent.e.dur - e.ts);
    out.push(node);
    stack.push(node);
  }
  return out;
};

/** The trace's frames and what each cost, by thread (see the header). Times in ms. */
export const frameCosts = (trace, cpuBefore = new Map(), cpuAfter = new Map()) => {
  const events = trace.traceEvents ?? trace;
  const threadName = new Map();
  const processName = new Map();
  const byThread = new Map();
  for (const e of events) {
    if (e.ph === 'M') {
      if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
      if (e.name === 'process_name') processName.set(e.pid, e.args.name);
    } else if (e.ph === 'X' && typeof e.dur === 'number') {
      const key = `${e.pid}:${e.tid}`;
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key).push(e);
    }
  }
  const threadsNamed = (test, pid) =>
    [...byThread.keys()].filter((k) => (pid === undefined || k.startsWith(`${pid}:`)) && test(threadName.get(k) ?? ''));
  // The page's renderer: the main thread that drew frames (closed pages' renderers may linger).
  const frameStarts = (k) => byThread.get(k).filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const main = threadsNamed((n) => n === 'CrRendererMain').sort((a, b) => frameStarts(b).length - frameStarts(a).length)[0];
  if (!main) return null;
  const rendererPid = Number(main.split(':')[0]);
  const starts = frameStarts(main).map((e) => e.ts);
  const frames = starts.slice(0, -1).map((from, i) => ({ from, to: starts[i + 1] }));
  const frameAt = (ts) => {
    let lo = 0;
    let hi = frames.length - 1;
    if (frames.length === 0 || ts < frames[0].from || ts >= frames[hi].to) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (frames[mid].from <= ts) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const perFrame = () => frames.map(() => 0);

  /** Wall and CPU time of the threads' top-level events (or of the events named) starting in each frame. */
  const busy = (keys, only) => {
    const wall = perFrame();
    const cpu = perFrame();
    for (const k of keys) {
      for (const node of nest(byThread.get(k))) {
        if (only ? !only.test(node.e.name) || (node.parent && only.test(node.parent.e.name)) : node.parent) continue;
        const i = frameAt(node.e.ts);
        if (i < 0) continue;
        wall[i] += node.e.dur / 1000;
        cpu[i] += (node.e.tdur ?? 0) / 1000;
      }
    }
    return { wall, cpu };
  };

  // The main thread: busy time, and its wall time by bucket (self times).
  const mainBusy = busy([main]);
  const buckets = Object.fromEntries([...BUCKETS.map(([b]) => b), 'other'].map((b) => [b, perFrame()]));
  for (const node of nest(byThread.get(main))) {
    // Only inside top-level tasks of a frame (the root's start places it).
    let root = node;
    while (root.parent) root = root.parent;
    const i = frameAt(root.e.ts);
    if (i < 0) continue;
    buckets[node.bucket][i] += Math.max(0, node.e.dur - node.childrenTime) / 1000;
  }
  const own = mainBusy.wall.map((w, i) => w - buckets['wait for GPU'][i]);

  // MapLibre's render and the markers' code, from the main thread's CPU profile samples.
  const render = perFrame();
  const markers = perFrame();
  const jsSampled = perFrame();
  const profiles = new Map();
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === rendererPid && `${e.pid}:${e.tid}` === main) {
      profiles.set(e.id, { time: e.args.data.startTime, nodes: new Map() });
    }
  }
  for (const e of events) {
    const profile = e.name === 'ProfileChunk' && e.pid === rendererPid ? profiles.get(e.id) : undefined;
    if (!profile) continue;
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes ?? []) profile.nodes.set(n.id, n);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let s = 0; s < samples.length; s++) {
      profile.time += deltas[s] ?? 0;
      // A sample's time is the gap to the next (the last of a chunk: its own delta, as a guess).
      const span = (deltas[s + 1] ?? deltas[s] ?? 0) / 1000;
      const i = frameAt(profile.time);
      if (i < 0) continue;
      let node = profile.nodes.get(samples[s]);
      const top = node?.callFrame.functionName;
      if (top === '(idle)' || top === '(program)' || top === '(root)') continue;
      jsSampled[i] += span;
      let inRender = false;
      let inMarkers = false;
      for (; node; node = profile.nodes.get(node.parent)) {
        const { functionName, url = '' } = node.callFrame;
        if (url.includes('/maplibre-') && functionName === '_render') inRender = true;
        if (url.includes('/map-canvas-') || (url.includes('/maplibre-') && /(^|\.)_update$/.test(functionName))) inMarkers = true;
      }
      if (inRender) render[i] += span;
      if (inMarkers) markers[i] += span;
    }
  }

  const viz = threadsNamed((n) => n === 'VizCompositorThread');
  const compositor = threadsNamed((n) => n === 'Compositor', rendererPid);
  const rendererThreads = threadsNamed(() => true, rendererPid);
  const gpuMain = threadsNamed((n) => n === 'CrGpuMain');
  // Whole processes' CPU over the traced pass, by thread kind (from /proc, before and after).
  const cpuOf = (pid) => {
    const before = cpuBefore.get(pid) ?? new Map();
    const after = cpuAfter.get(pid);
    if (!after) return null;
    const threads = [...after].map(([kind, ms]) => [kind, ms - (before.get(kind) ?? 0)]).filter(([, ms]) => ms > 0);
    return { total: threads.reduce((sum, [, ms]) => sum + ms, 0), threads: threads.sort((a, b) => b[1] - a[1]) };
  };
  const gpuPid = gpuMain[0] ? Number(gpuMain[0].split(':')[0]) : undefined;
  return {
    frames: frames.length,
    cpu: { renderer: cpuOf(rendererPid), gpu: gpuPid === undefined ? null : cpuOf(gpuPid) },
    span: frames.length > 0 ? (frames.at(-1).to - frames[0].from) / 1000 : 0,
    main: { ...mainBusy, own, buckets, render, markers, jsSampled },
    gpu: busy(gpuMain),
    viz: busy(viz),
    compositor: busy(compositor),
    raster: busy(rendererThreads, /^RasterTask$/),
  };
};

const pair = (values) => `${percentile(values, 50).toFixed(1)}/${percentile(values, 95).toFixed(1)}`;
const total = (values) => values.reduce((s, v) => s + v, 0);
/** p50/p95 and the mean: sampled costs that fall on few frames show in the mean, not the percentiles. */
const withMean = (values) => `${pair(values)} (mean ${(total(values) / values.length).toFixed(2)})`;

/** Lines to print for one traced pass. */
export const describeFrames = (costs) => {
  if (!costs || costs.frames === 0)
    return ['no frame found in the trace (no ProxyMain::BeginMainFrame on a renderer main thread)'];
  const { main } = costs;
  const share = (values) => `${((100 * total(values)) / total(main.wall)).toFixed(0)}%`;
  const bucketLine = Object.entries(main.buckets)
    .filter(([, values]) => total(values) > 0)
    .map(([name, values]) => `${name} ${pair(values)} (${share(values)})`)
    .join(', ');
  return [
    `${costs.frames} frames in ${(costs.span / 1000).toFixed(1)} s (a frame every ${(costs.span / costs.frames).toFixed(1)} ms); 60 Hz is 16.7 ms a frame`,
    `renderer main thread: busy ${pair(main.wall)} wall, ${pair(main.cpu)} CPU; own work (busy less the wait for the GPU process) ${pair(main.own)}`,
    `  by self wall time, p50/p95 and share of busy: ${bucketLine}`,
    `  sampled JS ${withMean(main.jsSampled)}: MapLibre's _render ${withMean(main.render)}, the markers (map-canvas code, Marker _update) ${withMean(main.markers)}`,
    `rasterizer: GPU process main thread (WebGL's commands, run by the software GL) ${pair(costs.gpu.wall)} wall, ${pair(costs.gpu.cpu)} CPU; ` +
      `display compositor ${pair(costs.viz.wall)} wall, ${pair(costs.viz.cpu)} CPU; ` +
      `renderer compositor thread ${pair(costs.compositor.wall)} wall; raster tasks (DOM tiles) ${pair(costs.raster.wall)} wall, ${pair(costs.raster.cpu)} CPU`,
    ...[
      ['renderer', costs.cpu.renderer],
      ['GPU process', costs.cpu.gpu],
    ].flatMap(([name, cpu]) =>
      cpu
        ? [
            `${name}, whole process (/proc) over the pass: ${(cpu.total / costs.frames).toFixed(1)} ms CPU a frame on average` +
              ` (${cpu.threads
                .slice(0, 4)
                .map(([kind, ms]) => `${kind} ${(ms / costs.frames).toFixed(1)}`)
                .join(', ')})`,
          ]
        : [],
    ),
  ];
};
