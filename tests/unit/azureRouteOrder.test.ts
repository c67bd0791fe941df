import { describe, expect, it } from 'vitest';
import { httpFunctions, type HttpFunctionDefinition } from '../../api/src/http/registry.js';
import { loadFunctionModules } from '../../api/src/local/functionModules.js';
import { createRouter } from '../../api/src/local/router.js';

/**
 * The local host ranks routes as ASP.NET Core does (a literal segment before `{id}`), but the Azure
 * Functions host tries HTTP functions in the order of their names (Azure/azure-functions-host#9876,
 * #3153). Both agree only when, for every path two functions could both answer, the function the
 * local host picks also has the name Azure tries first. This keeps a new literal route such as
 * `odata/Contract/TerminateContract` from being shadowed in Azure by `odata/Contract/{id}`.
 */

/** A concrete path a template answers: every parameter filled with a sample value. */
function samplePath(route: string): string {
  return `/${route.replace(/\{\*?[A-Za-z_][A-Za-z0-9_]*\??(?::[a-z]+)?\}/g, 'sample-1234')}`;
}

function sharedMethods(a: HttpFunctionDefinition, b: HttpFunctionDefinition): string[] {
  return a.methods.filter((method) => b.methods.includes(method));
}

describe('route order in Azure and in the local host', () => {
  it('wherever two functions answer the same path, the local winner also comes first by name', async () => {
    await loadFunctionModules();
    expect(httpFunctions.length).toBeGreaterThan(20);
    const router = createRouter(httpFunctions);
    const disagreements: string[] = [];
    for (const winner of httpFunctions) {
      const path = samplePath(winner.route);
      for (const other of httpFunctions) {
        if (other === winner) continue;
        for (const method of sharedMethods(winner, other)) {
          const match = router.match(method, path);
          if (match.kind !== 'found' || match.definition !== winner) continue;
          const otherAnswers = createRouter([other]).match(method, path).kind === 'found';
          if (otherAnswers && winner.name.toLowerCase() > other.name.toLowerCase()) {
            disagreements.push(`${method} ${path}: local host → ${winner.name}, Azure → ${other.name}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('detects a literal route that Azure would shadow', () => {
    const handler = async () => ({ status: 200 });
    const byID: HttpFunctionDefinition = {
      name: 'contractGet',
      route: 'odata/Contract/{id}',
      methods: ['GET'],
      handler,
    };
    const literal: HttpFunctionDefinition = {
      name: 'contractTerminate',
      route: 'odata/Contract/TerminateContract',
      methods: ['GET'],
      handler,
    };
    const match = createRouter([byID, literal]).match('GET', samplePath(literal.route));
    expect(match.kind === 'found' && match.definition.name).toBe('contractTerminate');
    // Azure would try contractGet first: exactly the case the test above reports.
    expect(byID.name.toLowerCase() < literal.name.toLowerCase()).toBe(true);
  });
});
