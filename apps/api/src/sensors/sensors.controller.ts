import { Controller, Headers, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Actor } from '@groundtruth/domain';
import {
  routes,
  toColumns,
  type SensorData,
  type SensorDataColumns,
  type SensorDataQuery,
  type SensorRecentlyQuery,
  type SensorTailQuery,
} from '@groundtruth/contracts';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { inAskedForm } from '../common/http/wants-columns.js';
import { SensorDataQueries } from './queries/sensor-data.queries.js';
import { MODULES_META, SENSORS_META } from './queries/sensor-meta.js';

@Controller()
export class SensorsController {
  constructor(private readonly sensorData: SensorDataQueries) {}

  @ApiRoute(routes.sensorsMeta)
  sensorsMeta() {
    return SENSORS_META;
  }

  @ApiRoute(routes.modulesMeta)
  modulesMeta() {
    return MODULES_META;
  }

  /** The row form (spec §7), or the compact columns when asked for by `format=columns` or `Accept`. */
  @ApiRoute(routes.sensorData)
  async data(
    @CurrentActor() actor: Actor,
    @Input('query') query: SensorDataQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SensorData | SensorDataColumns> {
    const answer = await this.sensorData.data(query, actor);
    return inAskedForm(res, { format: query.format, accept }, answer, toColumns);
  }

  @ApiRoute(routes.sensorDataTail)
  tail(@CurrentActor() actor: Actor, @Input('query') query: SensorTailQuery) {
    return this.sensorData.tail(query, actor);
  }

  @ApiRoute(routes.sensorDataRecently)
  recently(@CurrentActor() actor: Actor, @Input('query') query: SensorRecentlyQuery) {
    return this.sensorData.recently(query, actor);
  }
}
