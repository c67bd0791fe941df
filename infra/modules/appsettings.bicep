// Application settings of the Function App, written after rbac.bicep so that the
// system-assigned identity can already read Key Vault and the host storage when the
// app restarts with them. The whole set is replaced on every deployment.

param functionAppName string

@description('Storage account of the Functions host (identity-based AzureWebJobsStorage).')
param runtimeStorageAccountName string

param applicationInsightsName string

@description('Application settings (name -> value). Key Vault references are allowed as values.')
param appSettings object

resource site 'Microsoft.Web/sites@2024-11-01' existing = {
  name: functionAppName
}

resource applicationInsights 'Microsoft.Insights/components@2020-02-02' existing = {
  name: applicationInsightsName
}

var hostSettings = {
  // Identity-based host storage; the system-assigned identity is used by default.
  AzureWebJobsStorage__accountName: runtimeStorageAccountName
  APPLICATIONINSIGHTS_CONNECTION_STRING: applicationInsights.properties.ConnectionString
  // Application Insights accepts only Microsoft Entra ID telemetry (DisableLocalAuth): the host signs
  // in with the system-assigned identity (Monitoring Metrics Publisher, rbac.bicep).
  APPLICATIONINSIGHTS_AUTHENTICATION_STRING: 'Authorization=AAD'
}

resource settings 'Microsoft.Web/sites/config@2024-11-01' = {
  parent: site
  name: 'appsettings'
  properties: union(appSettings, hostSettings)
}
