import { expect, it } from 'vitest';
import { httpFunctions, type HttpFunctionDefinition } from '../../api/src/http/registry.js';
import { loadFunctionModules } from '../../api/src/local/functionModules.js';
import { createRouter, type RouteMatch, routePrecedence, compileRoute } from '../../api/src/local/router.js';

// The local host tries only the routes whose first two literal segments fit the path
// (api/src/local/host.ts, createRouter). It must answer exactly as trying every route in order does.

/** Every route in precedence order, tried one by one: the router before it looked routes up. */
function tryEveryRoute(definitions: readonly HttpFunctionDefinition[]) {
  const routes = definitions
    .map((definition) => ({
      definition,
      ...compileRoute(definition.route),
      rank: routePrecedence(definition.route),
    }))
    .sort((a, b) => {
      for (let index = 0; index < Math.max(a.rank.length, b.rank.length); index += 1) {
        const difference = (a.rank[index] ?? 0) - (b.rank[index] ?? 0);
        if (difference !== 0) return difference;
      }
      return 0;
    });
  return (method: string, path: string): RouteMatch => {
    const allowed = new Set<string>();
    for (const route of routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      route.definition.methods.forEach((allowedMethod) => allowed.add(allowedMethod));
      if (!route.definition.methods.includes(method as never)) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        const value = found[index + 1];
        if (value !== undefined) params[name] = decodeURIComponent(value);
      });
      return { kind: 'found', definition: route.definition, params };
    }
    return allowed.size > 0 ? { kind: 'methodNotAllowed', allow: [...allowed] } : { kind: 'notFound' };
  };
}

function pathsFor(route: string): string[] {
  const filled = `/${route.replace(/\{\*?[A-Za-z_][A-Za-z0-9_]*\??(?::[a-z]+(?:\([^)]*\))?)*\}/g, '42')}`;
  const bare = `/${route.replace(/\/?\{[^}]*\?\}/g, '').replace(/\/?\{\*[^}]*\}/g, '')}`;
  return [
    filled,
    filled.toUpperCase(),
    filled.toLowerCase(),
    `${filled}/`,
    `${filled}/extra`,
    bare,
    `${bare}/x/y`,
  ];
}

it('answers every path as trying every route in order would', async () => {
  await loadFunctionModules();
  const router = createRouter(httpFunctions);
  const reference = tryEveryRoute(httpFunctions);
  const paths = new Set([
    '/',
    '/odata',
    '/api',
    '/nothing/here',
    '/odata/',
    '//odata/House',
    '/assets/index.js',
  ]);
  for (const definition of httpFunctions) pathsFor(definition.route).forEach((path) => paths.add(path));
  expect(paths.size).toBeGreaterThan(200);
  for (const path of paths) {
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(router.match(method, path), `${method} ${path}`).toEqual(reference(method, path));
    }
  }
});
