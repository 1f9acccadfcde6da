/**
 * The ingestion process manager's name in gt_process_checkpoints: the projector moves its checkpoint,
 * the API's status answer reads it.
 */
export const INGESTION_PROCESS = 'ingestions';
