/** A station or project id from a route: a positive whole number, else null (a page that does not exist). */
export const parseRouteId = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
};
