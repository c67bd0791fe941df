import Chip from '@mui/material/Chip';
import {
  DEPLOYMENT_ENVIRONMENT_LABELS,
  deploymentEnvironmentEntity,
  type DeploymentEnvironment,
} from '@nhatro/common';
import { useEffect, useState } from 'react';
import { fetchJson } from '../../lib/api';

const COLORS: Record<DeploymentEnvironment, 'error' | 'warning' | 'info'> = {
  production: 'error',
  staging: 'warning',
  development: 'info',
};

/**
 * The super admin's header says which deployment this is (APP_ENVIRONMENT): production data and the real
 * payment gateway, a staging copy, or a developer's machine. Nothing is shown until it is known.
 */
export function EnvironmentBadge() {
  const [environment, setEnvironment] = useState<DeploymentEnvironment>();
  useEffect(() => {
    let active = true;
    fetchJson<{ data?: unknown }>('/api/System/Environment')
      .then((reply) => {
        const parsed = deploymentEnvironmentEntity.safeParse(reply.data);
        if (active && parsed.success) setEnvironment(parsed.data.environment);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!environment) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[environment]}
      label={DEPLOYMENT_ENVIRONMENT_LABELS[environment]}
      data-testid="environment-badge"
      data-environment={environment}
    />
  );
}
