import { FieldNotes } from '@/features/notes/components/field-notes';
import { StationNotesView } from '@/features/notes/components/station-notes-view';
import { StationSummary, type StationSummaryProps } from '@/features/stations/components/station-summary';

export type StationSummaryPanelProps = Pick<StationSummaryProps, 'stationId' | 'onClose' | 'projectId' | 'initialTab'>;

/**
 * The station summary with its field notes and read-only notes (spec §2 Station summary), for the
 * maps' station panel and wherever a station is summarised. The two features meet here, not in each
 * other: `StationSummary({ stationId, onClose })` alone leaves the notes tabs empty.
 */
export const StationSummaryPanel = ({ stationId, ...rest }: StationSummaryPanelProps) => (
  <StationSummary
    key={stationId}
    stationId={stationId}
    {...rest}
    fieldNotes={<FieldNotes stationId={stationId} headingLevel={4} />}
    notes={<StationNotesView stationId={stationId} />}
  />
);
