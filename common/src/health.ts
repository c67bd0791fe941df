import { z } from 'zod';

/**
 * The running deployment as the super admin sees it in the header: which stage it is (APP_ENVIRONMENT,
 * set explicitly in Azure). `GET /api/health` itself answers anyone, with no data.
 */
export const DEPLOYMENT_ENVIRONMENTS = ['production', 'staging', 'development'] as const;
export type DeploymentEnvironment = (typeof DEPLOYMENT_ENVIRONMENTS)[number];

export const deploymentEnvironmentEntity = z.object({
  environment: z.enum(DEPLOYMENT_ENVIRONMENTS),
});
export type DeploymentEnvironmentView = z.infer<typeof deploymentEnvironmentEntity>;

/** How the header names each stage. */
export const DEPLOYMENT_ENVIRONMENT_LABELS: Record<DeploymentEnvironment, string> = {
  production: 'Môi trường thật',
  staging: 'Môi trường thử nghiệm',
  development: 'Máy phát triển',
};
