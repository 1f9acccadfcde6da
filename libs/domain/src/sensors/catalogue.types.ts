/** How a sensor's readings are summarised into one value per chart bucket. */
export type SensorAggregation = 'avg' | 'max';

/** Labels of a sensor in one locale (keys such as `en-us`). */
export type SensorStrings = {
  /** Missing for a few diagnostics sensors. */
  readonly label?: string;
  readonly chartLabel?: string;
  readonly axisLabel?: string;
};

/** Localised text keyed by locale (`en-US`). */
export type LocalisedText = Readonly<Record<string, string>>;

/** A threshold band: values with `start <= v < value` take its colour. */
export type ThresholdLevel = {
  readonly start: number;
  readonly value: number;
  readonly color: string;
  readonly hidden?: boolean;
  readonly label: LocalisedText;
  readonly plainLabel: LocalisedText;
  readonly mapKeyLabel: LocalisedText;
};

export type SensorThresholds = {
  readonly label: LocalisedText;
  readonly levels: readonly ThresholdLevel[];
};

export type SensorViz = {
  readonly name: string;
  readonly disabled: boolean;
  readonly yZero?: boolean;
  /** Seconds: a chart line breaks where two points are further apart. */
  readonly minimumGap?: number;
  readonly thresholds: SensorThresholds | null;
};

/** A value range; `constrained` marks the default y-axis. */
export type SensorRange = {
  readonly minimum: number;
  readonly maximum: number;
  readonly constrained?: boolean;
};

export type SensorDefinitionData = {
  /** Stable numeric id, never renumbered. */
  readonly id: number;
  /** Position in the module's firmware sensor list. */
  readonly ordering: number;
  readonly key: string;
  readonly firmwareKey: string;
  /** `<module key>.<sensor key>`, e.g. `fk.water.ec.ec`. */
  readonly fullKey: string;
  readonly internal: boolean;
  readonly unitOfMeasure: string;
  readonly strings: Readonly<Record<string, SensorStrings>>;
  readonly ranges: readonly SensorRange[];
  readonly viz: readonly SensorViz[];
  /** Other firmware names of this sensor (e.g. `dox` for `do`). */
  readonly aliases: readonly string[];
  readonly aggregation: SensorAggregation;
};

export type ModuleDefinitionData = {
  /** Stable id of the module definition; a higher id is a newer definition. */
  readonly id: number;
  readonly key: string;
  /** Header fields a station module reports: manufacturer, and one of `kinds`. */
  readonly manufacturer: number;
  readonly kinds: readonly number[];
  readonly version: readonly number[];
  readonly internal: boolean;
  readonly sensors: readonly SensorDefinitionData[];
};
