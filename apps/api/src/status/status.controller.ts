import { Controller, Res } from '@nestjs/common';
import { routes } from '@groundtruth/contracts';
import type { Actor } from '@groundtruth/domain';
import type { Response } from 'express';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute } from '../common/http/api-route.decorator.js';
import { StatusService } from './status.service.js';

@Controller()
export class StatusController {
  constructor(private readonly service: StatusService) {}

  /** 503 while a store is unreachable, so load balancers and humans see it at once. */
  @ApiRoute(routes.status)
  async status(@CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response) {
    const status = await this.service.status(actor);
    if (!status.healthy) res.status(503);
    return status;
  }
}
