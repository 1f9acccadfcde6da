export { HistoryViewer } from './history-viewer';
export { HistoryValue } from './history-value';
export { flattenState, isHiddenValue, type FieldRow } from './flatten-state';
export { getStreamHistory, streamHistoryQueryOptions, useCorrelation, useStreamHistory } from './use-stream-history';
