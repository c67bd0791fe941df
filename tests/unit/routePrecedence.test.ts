import type { HttpHandler, HttpMethod } from '@azure/functions';
import { describe, expect, it } from 'vitest';
import type { HttpFunctionDefinition } from '../../api/src/http/registry.js';
import { createRouter, routePrecedence } from '../../api/src/local/router.js';

const handler: HttpHandler = async () => ({ status: 204 });

function route(name: string, template: string, ...methods: HttpMethod[]): HttpFunctionDefinition {
  return { name, route: template, methods, handler };
}

function routedTo(router: ReturnType<typeof createRouter>, method: string, path: string) {
  const found = router.match(method, path);
  return found.kind === 'found' ? { name: found.definition.name, params: found.params } : found;
}

describe('route precedence (ASP.NET Core inbound order, not registration order)', () => {
  it('a literal segment wins over {id} for GET even when the {id} route was registered first', () => {
    const router = createRouter([
      route('contractGet', 'odata/Contract/{id}', 'GET'),
      route('contractTerminate', 'odata/Contract/TerminateContract', 'GET'),
      route('houseGet', 'odata/House/{id}', 'GET'),
      route('houseUnresolvedRequests', 'odata/House/UnresolvedRequests', 'GET'),
    ]);
    expect(routedTo(router, 'GET', '/odata/Contract/TerminateContract')).toEqual({
      name: 'contractTerminate',
      params: {},
    });
    expect(routedTo(router, 'GET', '/odata/contract/terminatecontract/')).toEqual({
      name: 'contractTerminate',
      params: {},
    });
    expect(routedTo(router, 'GET', '/odata/House/UnresolvedRequests')).toEqual({
      name: 'houseUnresolvedRequests',
      params: {},
    });
  });

  it('a literal segment wins for POST, PATCH and DELETE too', () => {
    const router = createRouter([
      route('contractById', 'odata/Contract/{id}', 'POST', 'PATCH', 'DELETE'),
      route('contractTerminate', 'odata/Contract/TerminateContract', 'POST', 'PATCH', 'DELETE'),
    ]);
    for (const method of ['POST', 'PATCH', 'DELETE', 'patch']) {
      expect(routedTo(router, method, '/odata/Contract/TerminateContract')).toEqual({
        name: 'contractTerminate',
        params: {},
      });
    }
  });

  it('the template still takes every other value', () => {
    const router = createRouter([
      route('contractGet', 'odata/Contract/{id}', 'GET', 'POST'),
      route('contractTerminate', 'odata/Contract/TerminateContract', 'POST'),
    ]);
    expect(routedTo(router, 'GET', '/odata/Contract/c-42')).toEqual({
      name: 'contractGet',
      params: { id: 'c-42' },
    });
    expect(routedTo(router, 'POST', '/odata/Contract/TerminateContractX')).toEqual({
      name: 'contractGet',
      params: { id: 'TerminateContractX' },
    });
    expect(routedTo(router, 'GET', '/odata/Contract/Terminate%20Contract')).toEqual({
      name: 'contractGet',
      params: { id: 'Terminate Contract' },
    });
  });

  it('when the literal route lacks the method, the template route takes the request', () => {
    const router = createRouter([
      route('contractGet', 'odata/Contract/{id}', 'GET'),
      route('contractTerminate', 'odata/Contract/TerminateContract', 'POST'),
    ]);
    expect(routedTo(router, 'GET', '/odata/Contract/TerminateContract')).toEqual({
      name: 'contractGet',
      params: { id: 'TerminateContract' },
    });
    expect(routedTo(router, 'POST', '/odata/Contract/TerminateContract')).toEqual({
      name: 'contractTerminate',
      params: {},
    });
  });

  it('405 lists the methods of every matching route, and 404 when no template matches', () => {
    const router = createRouter([
      route('contractGet', 'odata/Contract/{id}', 'GET', 'PATCH'),
      route('contractTerminate', 'odata/Contract/TerminateContract', 'POST'),
    ]);
    const found = router.match('PUT', '/odata/Contract/TerminateContract');
    expect(found.kind).toBe('methodNotAllowed');
    if (found.kind === 'methodNotAllowed') expect(found.allow.sort()).toEqual(['GET', 'PATCH', 'POST']);
    expect(router.match('PUT', '/odata/Contract/c-1')).toEqual({
      kind: 'methodNotAllowed',
      allow: ['GET', 'PATCH'],
    });
    expect(router.match('GET', '/odata/Contract/a/b')).toEqual({ kind: 'notFound' });
  });

  it('segments rank literal, constrained parameter, parameter, constrained catch-all, catch-all', () => {
    expect(routePrecedence('api/template')).toEqual([1, 1]);
    expect(routePrecedence('api/{id:int}')).toEqual([1, 2]);
    expect(routePrecedence('api/{id}')).toEqual([1, 3]);
    expect(routePrecedence('api/{id?}')).toEqual([1, 3]);
    expect(routePrecedence('api/{*rest:minlength(2)}')).toEqual([1, 4]);
    expect(routePrecedence('api/{*rest}')).toEqual([1, 5]);

    const registered = [
      route('catchAll', 'files/{*rest}', 'GET'),
      route('parameter', 'files/{name}', 'GET'),
      route('number', 'files/{id:int}', 'GET'),
      route('literal', 'files/latest', 'GET'),
      route('deeperLiteral', 'files/{name}/meta', 'GET'),
    ];
    const router = createRouter(registered);
    expect(router.order.map((definition) => definition.name)).toEqual([
      'literal',
      'number',
      // 1.3 before 1.31: a shorter template first, as ASP.NET's decimals compare (they never match the same path).
      'parameter',
      'deeperLiteral',
      'catchAll',
    ]);
    expect(routedTo(router, 'GET', '/files/latest')).toMatchObject({ name: 'literal' });
    expect(routedTo(router, 'GET', '/files/42')).toEqual({ name: 'number', params: { id: '42' } });
    expect(routedTo(router, 'GET', '/files/report')).toEqual({
      name: 'parameter',
      params: { name: 'report' },
    });
    expect(routedTo(router, 'GET', '/files/report/meta')).toMatchObject({ name: 'deeperLiteral' });
    expect(routedTo(router, 'GET', '/files/a/b.png')).toEqual({
      name: 'catchAll',
      params: { rest: 'a/b.png' },
    });
  });

  it('equal precedence keeps registration order', () => {
    const first = createRouter([route('a', 'x/{id}', 'GET'), route('b', 'x/{key}', 'GET')]);
    const second = createRouter([route('b', 'x/{key}', 'GET'), route('a', 'x/{id}', 'GET')]);
    expect(routedTo(first, 'GET', '/x/1')).toMatchObject({ name: 'a' });
    expect(routedTo(second, 'GET', '/x/1')).toMatchObject({ name: 'b' });
  });
});
