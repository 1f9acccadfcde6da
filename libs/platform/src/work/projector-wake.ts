/**
 * The API's way to tell the projector there is work, without importing it (the layer rule: the API
 * and the projector meet only in the composition roots). In embedded mode the root binds it to the
 * projector in the same process, which then starts at once; in server mode it does nothing and the
 * projector finds the work itself (its log watcher, its export poll).
 */
export const PROJECTOR_WAKE = Symbol('PROJECTOR_WAKE');

export type ProjectorWake = {
  /** New events are in the log: projections should look now. */
  readonly projections: () => void;
  /** An export was queued: the export runner should look now. */
  readonly exports: () => void;
};

/** Server mode: the projector runs elsewhere and finds its work by itself. */
export const projectorElsewhere: ProjectorWake = { projections: () => undefined, exports: () => undefined };
