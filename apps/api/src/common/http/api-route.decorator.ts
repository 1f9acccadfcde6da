import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  RequestMethod,
  RequestMapping,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type { RouteContract } from '@groundtruth/contracts';
import type { Request } from 'express';
import { parseInput } from './parse-input.js';

export const ROUTE = Symbol('gt:route');

const methods = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
} as const;

/** Binds a handler to a route contract: method, path, success status, and the schemas @Input uses. */
export const ApiRoute = (route: RouteContract) =>
  applyDecorators(
    RequestMapping({ path: route.path.replace(/\{(\w+)\}/g, ':$1'), method: methods[route.method] }),
    HttpCode(route.status ?? 200),
    SetMetadata(ROUTE, route),
  );

/** The request's body, query or params, validated by the route contract's schema (400 with field errors). */
export const Input = createParamDecorator((part: 'body' | 'query' | 'params', ctx: ExecutionContext) => {
  const route = Reflect.getMetadata(ROUTE, ctx.getHandler()) as RouteContract | undefined;
  const schema = route?.[part];
  if (!schema) throw new Error(`Route has no ${part} schema`);
  return parseInput(schema, ctx.switchToHttp().getRequest<Request>()[part], part);
});
