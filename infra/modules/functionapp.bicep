// Function App on the Flex Consumption plan (FC1), Linux, Node.js 22, with a
// system-assigned managed identity used for everything: host storage
// (AzureWebJobsStorage__accountName), the deployment package container, Cosmos DB,
// Blob Storage, Key Vault references.
//
// The application settings are NOT set here but by appsettings.bicep, after the
// identity got its roles (rbac.bicep): Key Vault references and identity-based
// storage then resolve on the first start. A site PUT without siteConfig.appSettings
// keeps the existing settings, so re-provisioning causes no window without them.
//
// Flex Consumption rejects FUNCTIONS_WORKER_RUNTIME, FUNCTIONS_EXTENSION_VERSION and
// WEBSITE_* runtime settings: the runtime is chosen in functionAppConfig.runtime.
// WEBSITE_TIME_ZONE is not supported either: timer schedules are written in UTC.

param name string
param planName string
param location string
param tags object = {}

@description('azd service name; only the Function App itself carries the azd-service-name tag (azd expects exactly one tagged resource).')
param serviceName string = 'api'

@description('Storage account used by the Functions host (AzureWebJobsStorage) and for the deployment package.')
param runtimeStorageAccountName string

@description('Blob container (in the runtime storage account) that receives the deployment package.')
param deploymentContainerName string

@description('Browser origins allowed to call the API (platform CORS, which also answers the preflights). Only the SPA origin(s).')
param allowedOrigins string[]

@allowed([
  '20'
  '22'
])
param nodeVersion string = '22'

@allowed([
  512
  2048
  4096
])
param instanceMemoryMB int = 2048

@description('Scale-out ceiling (Flex Consumption accepts 40-1000).')
@minValue(40)
@maxValue(1000)
param maximumInstanceCount int = 40

resource runtimeStorage 'Microsoft.Storage/storageAccounts@2023-05-01' existing = {
  name: runtimeStorageAccountName
}

resource plan 'Microsoft.Web/serverfarms@2024-11-01' = {
  name: planName
  location: location
  tags: tags
  kind: 'functionapp'
  sku: {
    name: 'FC1'
    tier: 'FlexConsumption'
  }
  properties: {
    // Linux
    reserved: true
  }
}

resource site 'Microsoft.Web/sites@2024-11-01' = {
  name: name
  location: location
  tags: union(tags, {
    'azd-service-name': serviceName
  })
  kind: 'functionapp,linux'
  identity: {
    type: 'SystemAssigned'
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    clientAffinityEnabled: false
    // Key Vault references resolve with the system-assigned identity (the default).
    siteConfig: {
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
      cors: {
        allowedOrigins: allowedOrigins
        // Bearer tokens in the Authorization header; no cookies cross origins.
        supportCredentials: false
      }
    }
    functionAppConfig: {
      deployment: {
        storage: {
          type: 'blobContainer'
          value: '${runtimeStorage.properties.primaryEndpoints.blob}${deploymentContainerName}'
          authentication: {
            type: 'SystemAssignedIdentity'
          }
        }
      }
      scaleAndConcurrency: {
        instanceMemoryMB: instanceMemoryMB
        maximumInstanceCount: maximumInstanceCount
      }
      runtime: {
        name: 'node'
        version: nodeVersion
      }
    }
  }
}

// Basic (user name + password) publishing credentials off for FTP and for the SCM/Kudu site:
// deployments (azd, OneDeploy to the Flex deployment container) authenticate with Microsoft Entra ID.
resource ftpBasicAuth 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: site
  name: 'ftp'
  properties: {
    allow: false
  }
}

resource scmBasicAuth 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: site
  name: 'scm'
  properties: {
    allow: false
  }
}

output name string = site.name
output id string = site.id
output principalId string = site.identity.principalId
output defaultHostname string = site.properties.defaultHostName
@description('Base URL of the API, e.g. https://<name>.azurewebsites.net (no trailing slash).')
output uri string = 'https://${site.properties.defaultHostName}'
