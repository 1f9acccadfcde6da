import { Controller } from '@nestjs/common';
import type { Actor } from '@groundtruth/domain';
import { routes, type SensorDataQuery, type SensorRecentlyQuery, type SensorTailQuery } from '@groundtruth/contracts';
import { CurrentActor } from '../auth/current-actor.decorator.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
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

  @ApiRoute(routes.sensorData)
  data(@CurrentActor() actor: Actor, @Input('query') query: SensorDataQuery) {
    return this.sensorData.data(query, actor);
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
