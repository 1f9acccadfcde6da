/** A bucket size in words of the reader's language: '10 min', '1 hr', '1 day' (Intl's short units). */
export const bucketLabel = (seconds: number, locale: string): string => {
  const [value, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3_600 === 0
        ? [seconds / 3_600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
};
