/**
 * The OpenAPI document builds with every route module registered (a route naming a security
 * scheme the document does not define makes @fastify/swagger throw, and /api/openapi.json 500).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths } from '../../../common/api/paths';
import { documentedOperations, type OpenApiDocument } from '../../../src/features/docs/openapi';
import { TRANSLATED_SUMMARIES, operationId } from '../../../src/features/docs/operationTexts';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
});
afterAll(() => chain?.stop());

describeEachDatabase('OpenAPI document', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('is served, and every security scheme a route names is defined', async () => {
    const res = await api.get<{
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>(apiPaths.openapi());
    expect(res.statusCode).toBe(200);
    const named = Object.values(res.body.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) => (op.security ?? []).flatMap((s) => Object.keys(s))),
    );
    expect(named).toContain('bearer');
    for (const name of named) expect(Object.keys(res.body.components.securitySchemes)).toContain(name);
    for (const path of [openApiPaths.blocks, apiPaths.login(), apiPaths.deploy(), apiPaths.feedback()])
      expect(Object.keys(res.body.paths)).toContain(path);
  });

  it('every operation the /Api page lists has its Hindi summary made from the summary served now (issue #21)', async () => {
    const res = await api.get<OpenApiDocument>(apiPaths.openapi());
    const stale = documentedOperations(res.body)
      .map((op) => ({ id: operationId(op.key), summary: op.summary }))
      .filter((op) => TRANSLATED_SUMMARIES[op.id] !== op.summary)
      .map((op) => `${op.id}: served "${op.summary}", translated from "${TRANSLATED_SUMMARIES[op.id] ?? '(none)'}"`);
    // A changed summary shows in English on the Hindi /Api page: update src/features/docs/operationTexts.ts and hi/docs.json.
    expect(stale).toEqual([]);
  });

  it("documents the address NFTs' standard and amount (issue #19, ERC-1155)", async () => {
    type Schema = {
      properties?: Record<string, Schema>;
      items?: Schema;
      required?: string[];
      anyOf?: Schema[];
      const?: string;
      enum?: string[];
    };
    const res = await api.get<{
      paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
    }>(apiPaths.openapi());
    const op = res.body.paths[openApiPaths.addressNfts]?.get;
    const item = op?.responses['200']?.content['application/json']?.schema.properties?.result?.items;
    expect(item?.required).toEqual(expect.arrayContaining(['standard', 'amount', 'tokenId']));
    expect(item?.properties?.amount).toMatchObject({ type: 'string' });
    const standard = item?.properties?.standard;
    expect((standard?.anyOf ?? []).map((s) => s.const ?? s.enum?.[0])).toEqual(['erc721', 'erc1155']);
  });
  it("lists the Etherscan-style API's parameters and every module's actions (issue #38 defect 19)", async () => {
    type Param = { name: string; in: string; schema?: { enum?: string[] }; description?: string };
    const res = await api.get<{ paths: Record<string, { get?: { parameters?: Param[] } }> }>(apiPaths.openapi());
    const params = res.body.paths[openApiPaths.etherscan]?.get?.parameters ?? [];
    const byName = new Map(params.filter((p) => p.in === 'query').map((p) => [p.name, p]));
    expect(byName.get('module')?.schema?.enum).toEqual(['account', 'contract', 'transaction', 'block', 'logs', 'token', 'stats', 'proxy']);
    expect(byName.get('action')?.description).toMatch(/account: balance, balancemulti, txlist/);
    expect(byName.get('action')?.description).toMatch(/proxy: .*eth_sendrawtransaction/i);
    for (const name of ['address', 'contractaddress', 'txhash', 'page', 'offset', 'sort', 'startblock', 'endblock']) {
      expect(byName.has(name), name).toBe(true);
    }
    // Documentation only: a repeated or unexpected parameter is still the handler's to judge.
    const twice = await api.get<{ status: string }>(`${apiPaths.etherscan()}?module=stats&action=ethsupply&action=ethsupply&odd=1`);
    expect(twice.statusCode).toBe(200);
  });
});
