// Log Analytics workspace + workspace-based Application Insights.
// The Function App host sends its telemetry with APPLICATIONINSIGHTS_CONNECTION_STRING, authenticated
// with its managed identity (APPLICATIONINSIGHTS_AUTHENTICATION_STRING, role Monitoring Metrics
// Publisher in rbac.bicep): local (instrumentation key) authentication is off, so nobody holding the
// connection string alone can write telemetry.

@description('Name of the Log Analytics workspace.')
param logAnalyticsName string

@description('Name of the Application Insights component.')
param applicationInsightsName string

param location string
param tags object = {}

@description('Days of log retention in the workspace (30 is included in the price).')
@minValue(30)
@maxValue(730)
param retentionInDays int = 30

resource logAnalytics 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: logAnalyticsName
  location: location
  tags: tags
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: retentionInDays
    features: {
      enableLogAccessUsingOnlyResourcePermissions: true
    }
  }
}

resource applicationInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: applicationInsightsName
  location: location
  tags: tags
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: logAnalytics.id
    IngestionMode: 'LogAnalytics'
    DisableLocalAuth: true
  }
}

output logAnalyticsId string = logAnalytics.id
output applicationInsightsName string = applicationInsights.name
output applicationInsightsId string = applicationInsights.id
