import { useEffect, useRef, useState } from 'react';
import { DATE_COMMIT_DELAY_MS, lastDayInput, readDayRange, toDateInput, type DayRangeReading } from '../utils/date-input';
import type { TimeRange } from '../utils/workspace';

type Drafts = {
  readonly from: string;
  readonly to: string;
  /** The range they were typed over: a range set elsewhere meanwhile (a quick range) drops them. */
  readonly over: string;
  /** Left (blur, Enter) with no whole date in a field: now the field says so. */
  readonly shown: boolean;
};

/** Why a pair of day fields is not taken, as the fields say it. */
export type DayRangeProblem = 'incomplete' | 'reversed';

export type DayRangeDraft = {
  readonly from: string;
  readonly to: string;
  readonly problem: DayRangeProblem | null;
  /** Which field the problem is in. */
  readonly problemField: 'from' | 'to' | null;
  readonly change: (field: 'from' | 'to', text: string) => void;
  /** Blur or Enter: take a whole range at once, else say what is wrong. */
  readonly settle: () => void;
  /** Drops what was typed: the fields show the range again (a quick range clicked, even the one already chosen). */
  readonly discard: () => void;
};

const keyOf = (range: TimeRange) => `${range[0]},${range[1]}`;

/**
 * A first-day and a last-day field over a range [start, end) (the last day included). The fields keep
 * their own text while it is typed: the range is not written back into them at each keystroke, and is
 * changed only by a whole, possible pair of dates (year 1900 or later, the last day not before the
 * first), once typing pauses, or at once on blur or Enter.
 */
export const useDayRangeDraft = (range: TimeRange, onCommit: (range: TimeRange) => void): DayRangeDraft => {
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const timer = useRef<number | null>(null);
  const current = keyOf(range);
  const live = drafts !== null && drafts.over === current ? drafts : null;
  const from = live?.from ?? toDateInput(range[0]);
  const to = live?.to ?? lastDayInput(range);
  const reading: DayRangeReading = readDayRange(from, to);

  const stopTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);

  const commit = (next: TimeRange) => {
    stopTimer();
    setDrafts(null);
    if (keyOf(next) !== current) onCommit(next);
  };

  const change = (field: 'from' | 'to', text: string) => {
    const next: Drafts = { from, to, over: current, shown: live?.shown ?? false, [field]: text };
    setDrafts(next);
    stopTimer();
    const typed = readDayRange(next.from, next.to);
    if (typed.kind === 'range') {
      const taken = typed.range;
      timer.current = window.setTimeout(() => commit(taken), DATE_COMMIT_DELAY_MS);
    }
  };

  const settle = () => {
    if (live === null) return;
    if (reading.kind === 'range') commit(reading.range);
    else setDrafts({ ...live, shown: true });
  };

  let problem: DayRangeProblem | null = null;
  let problemField: 'from' | 'to' | null = null;
  if (reading.kind === 'reversed') {
    problem = 'reversed';
    problemField = 'to';
  } else if (reading.kind === 'incomplete' && live?.shown) {
    problem = 'incomplete';
    problemField = reading.field;
  }
  const discard = () => {
    stopTimer();
    setDrafts(null);
  };
  return { from, to, problem, problemField, change, settle, discard };
};
