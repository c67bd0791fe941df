import { LEVEL, type DeploymentEnvironmentView } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import type { Actor } from './shared/actor.js';

/** `GET /api/System/Environment`: the deployment's stage, for the super admin's header. */
export function deploymentEnvironment(actor: Actor): DeploymentEnvironmentView {
  requireSuperAdmin(actor.user, LEVEL.read);
  return { environment: actor.deps.config.appEnvironment };
}
