import { csdlDocument } from '../domain/shared/odata/metadata.js';
import { MODELS } from '../domain/shared/odata/model.js';
import { definePublicEndpoint } from '../http/endpoint.js';
import { ENTITY_SETS } from '../http/odata.js';

let document: string | undefined;

/**
 * `GET /odata/$metadata`: the OData v4 service document every `@odata.context` points at, made from
 * the entity models and the entity sets the recipe declared. Public: it describes shapes, not data
 * (the web bundle names the same fields).
 */
definePublicEndpoint({
  name: 'odataMetadata',
  route: 'odata/$metadata',
  methods: ['GET'],
  async handle() {
    // Built on the first call: every function module has declared its entity sets by then.
    document ??= csdlDocument(MODELS, ENTITY_SETS);
    return {
      status: 200,
      body: document,
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'OData-Version': '4.0',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  },
});
