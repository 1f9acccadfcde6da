import { COLUMNS_MEDIA_TYPE } from '@groundtruth/contracts';

/**
 * Whether a call asks for the compact columns form (chart data, map stations): `format` decides when
 * given; else an Accept naming the columns type (and not preferring JSON over it).
 */
export const wantsColumns = (format: 'rows' | 'columns' | undefined, accept: string | undefined): boolean => {
  if (format) return format === 'columns';
  return (accept ?? '').split(',').some((part) => part.trim().split(';')[0]!.trim().toLowerCase() === COLUMNS_MEDIA_TYPE);
};
