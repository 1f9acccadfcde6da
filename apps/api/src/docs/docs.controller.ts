import { Controller, Get, Header } from '@nestjs/common';
import { buildOpenApiDocument, routes } from '@groundtruth/contracts';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Groundtruth API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

/**
 * The API docs are the same for every caller and change only with a deploy, so unlike every other
 * API answer (no-store) caches may keep them for a few minutes.
 */
const PUBLIC_SHORT = 'public, max-age=300';

/** The OpenAPI document, built from the route contracts the API validates with, and a viewer. */
@Controller('docs')
export class DocsController {
  private readonly document = buildOpenApiDocument(Object.values(routes), { title: 'Groundtruth API', version: '1' });

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', PUBLIC_SHORT)
  viewer() {
    return page;
  }

  @Get('openapi.json')
  @Header('Cache-Control', PUBLIC_SHORT)
  openapi() {
    return this.document;
  }

  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', PUBLIC_SHORT)
  init() {
    return `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });`;
  }
}
