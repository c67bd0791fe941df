import { errorSummary, log } from './log.js';

/**
 * OpenTelemetry to Application Insights, in Azure only: started on the first invocation when
 * APPLICATIONINSIGHTS_CONNECTION_STRING is set (the Bicep app settings). `@azure/monitor-opentelemetry`
 * and `@azure/identity` are imported then, never at start-up, by the local host or by tests. The
 * resource accepts Microsoft Entra ID only (local auth off): the exporter signs in with the Function
 * App's managed identity (role Monitoring Metrics Publisher).
 *
 * A failure to start is logged and leaves telemetry off; it never fails a request.
 */
let started: Promise<boolean> | undefined;

export function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const connectionString = env.APPLICATIONINSIGHTS_CONNECTION_STRING;
  if (!connectionString) return Promise.resolve(false);
  started ??= (async () => {
    try {
      const [{ useAzureMonitor }, { ManagedIdentityCredential }] = await Promise.all([
        import('@azure/monitor-opentelemetry'),
        import('@azure/identity'),
      ]);
      useAzureMonitor({
        azureMonitorExporterOptions: { connectionString, credential: new ManagedIdentityCredential() },
        // The Functions host already reports requests and our log lines; the worker adds the spans of
        // the calls that leave it (tracing.ts) and of the Azure SDKs and outgoing HTTP.
        instrumentationOptions: {
          azureSdk: { enabled: true },
          http: { enabled: true },
          mongoDb: { enabled: false },
          mySql: { enabled: false },
          postgreSql: { enabled: false },
          redis: { enabled: false },
          redis4: { enabled: false },
        },
        enableLiveMetrics: false,
      });
      return true;
    } catch (error) {
      log.warn('telemetry.unavailable', { error: errorSummary(error) });
      return false;
    }
  })();
  return started;
}
