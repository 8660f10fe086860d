/**
 * A small OpenAPI document in the form @fastify/swagger writes the server's (paths under /api,
 * route tags, TypeBox-made schemas): the network edge of the /Api page's component tests.
 * Not a test file.
 */
import type { OpenApiDocument } from '../../../../src/features/docs/openapi';
import { apiPaths, openApiPaths } from '../../../../common/api/paths';

const errorBody = {
  description: 'Every 4xx/5xx answer',
  content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'boolean' }, message: { type: 'string' } } } } },
};

export const OPENAPI_FIXTURE: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'Ruby Explorer API', version: '1' },
  components: {
    securitySchemes: {
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
    },
  },
  paths: {
    [openApiPaths.balance]: {
      get: {
        summary: 'Coin balance of an address, live from the node',
        tags: ['Wallet'],
        parameters: [
          {
            name: 'address',
            in: 'path',
            required: true,
            description: 'address: r… or 0x… followed by 40 hex digits, any case',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    status: { type: 'boolean' },
                    result: {
                      type: 'object',
                      properties: {
                        address: { type: 'string', description: 'r + 40 hex digits, EIP-55 casing' },
                        balance: { type: 'number', description: 'amount in RUBY' },
                        balanceWei: { type: 'string', description: 'exact amount in wei' },
                      },
                    },
                  },
                },
              },
            },
          },
          400: errorBody,
          503: errorBody,
        },
      },
    },
    [apiPaths.transactionGraph()]: {
      get: { summary: 'Transactions and fees per hour, the last 24 hours', tags: ['Chart'], responses: { 200: { description: 'ok' } } },
    },
    [apiPaths.tokenTransactionGraph()]: {
      get: { summary: 'Token transfers per hour', tags: ['Chart'], responses: { 200: { description: 'ok' } } },
    },
    [apiPaths.deploy()]: {
      post: {
        summary: 'Compile and deploy a Solidity contract',
        tags: ['Contract'],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['solFile'],
                properties: { solFile: { type: 'string', description: 'the .sol file' }, contractName: { type: 'string' } },
              },
            },
          },
        },
        responses: { 200: { description: 'ok' }, 400: errorBody },
      },
    },
    [openApiPaths.registerInPath]: {
      get: {
        summary: 'Sign up',
        tags: ['Wallet'],
        parameters: [
          { name: 'email', in: 'path', required: true },
          { name: 'password', in: 'path', required: true },
        ],
        responses: {},
      },
    },
    '/api/admin/forms': { get: { summary: 'Stored forms', tags: ['Admin'], responses: {} } },
  },
};
