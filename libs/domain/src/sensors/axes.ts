/**
 * One axis per quantity, shared by the explore charts (apps/web components/charts) and the share
 * preview card the server draws, so both group series alike.
 */

/** What decides a series' axis: its unit, or its sensor when the catalogue gives it none (pH, TDS, salinity). */
export type AxisOf = { readonly unit: string; readonly sensorKey: string };

/** The axis a series is drawn on: one per unit, and one per sensor among unitless sensors (pH and TDS never share one). */
export const axisKey = ({ unit, sensorKey }: AxisOf): string => (unit ? `unit:${unit}` : `sensor:${sensorKey}`);

export type AxisGroup<S> = { readonly key: string; readonly unit: string; readonly members: readonly S[] };

/** The series grouped by axis, in order of first use (spec §9: at most three of them on a chart). */
export const axisGroups = <S extends AxisOf>(series: readonly S[]): AxisGroup<S>[] => {
  const groups = new Map<string, S[]>();
  for (const s of series) {
    const key = axisKey(s);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.entries()].map(([key, members]) => ({ key, unit: members[0]!.unit, members }));
};
