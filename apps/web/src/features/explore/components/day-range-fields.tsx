import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRangeDraft } from '../hooks/use-day-range-draft';

type DayRangeFieldsProps = {
  readonly dates: DayRangeDraft;
  readonly fromLabel: string;
  readonly toLabel: string;
};

/** The first-day and last-day fields of a range, and what is wrong with them (spec §2 date pickers, §2 Export panel). */
export const DayRangeFields = ({ dates, fromLabel, toLabel }: DayRangeFieldsProps) => {
  const { t } = useTranslation();
  const problemId = useId();
  const field = (which: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={which === 'from' ? dates.from : dates.to}
      error={dates.problemField === which}
      onChange={(e) => dates.change(which, e.target.value)}
      onBlur={dates.settle}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          // Enter takes the dates; in the export form it must not also send the form with the old ones.
          e.preventDefault();
          dates.settle();
        }
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: dates.problem === null ? {} : { 'aria-describedby': problemId, 'aria-invalid': dates.problemField === which },
      }}
    />
  );
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1}>
        {field('from', fromLabel)}
        {field('to', toLabel)}
      </Stack>
      {dates.problem !== null && (
        <FormHelperText error id={problemId} role="alert" data-testid="date-range-problem">
          {t(`explore.dates.${dates.problem}`)}
        </FormHelperText>
      )}
    </Stack>
  );
};
