const pad = (n: number) => String(n).padStart(2, '0');

/** M/D/YYYY HH:mm:ss in the visitor's time zone (spec §9), or '--'. */
export const formatNoteDate = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
