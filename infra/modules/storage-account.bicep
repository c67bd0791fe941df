// A StorageV2 account that only accepts Microsoft Entra ID (no account keys, no
// account/service SAS), TLS 1.2+, HTTPS only and no anonymous blob access.
// User-delegation SAS (signed with a key obtained through Entra ID) keeps working
// with shared-key access disabled; that is how the browser uploads files.

@description('Globally unique account name: 3-24 lower-case letters and digits.')
@minLength(3)
@maxLength(24)
param name string

param location string
param tags object = {}

@allowed([
  'Standard_LRS'
  'Standard_ZRS'
  'Standard_GRS'
  'Standard_RAGRS'
])
param skuName string = 'Standard_LRS'

@description('Private blob containers to create.')
param containerNames string[] = []

@description('Origins (scheme://host[:port]) allowed by the blob service CORS rule. Empty: no CORS rule.')
param corsAllowedOrigins string[] = []

@description('Days a deleted blob or container can be restored. 0 turns soft delete off.')
@minValue(0)
@maxValue(365)
param deleteRetentionDays int = 7

resource account 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: {
    name: skuName
  }
  properties: {
    accessTier: 'Hot'
    allowSharedKeyAccess: false
    defaultToOAuthAuthentication: true
    allowBlobPublicAccess: false
    allowCrossTenantReplication: false
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
    publicNetworkAccess: 'Enabled'
    networkAcls: {
      bypass: 'AzureServices'
      defaultAction: 'Allow'
    }
    encryption: {
      keySource: 'Microsoft.Storage'
      services: {
        blob: {
          enabled: true
        }
      }
    }
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-05-01' = {
  parent: account
  name: 'default'
  properties: {
    // Browser uploads (PUT with a create-only SAS) and reads (GET with a read SAS)
    // come from the Static Web App origin.
    cors: {
      corsRules: empty(corsAllowedOrigins)
        ? []
        : [
            {
              allowedOrigins: corsAllowedOrigins
              allowedMethods: [
                'GET'
                'HEAD'
                'PUT'
                'OPTIONS'
              ]
              allowedHeaders: [
                '*'
              ]
              exposedHeaders: [
                '*'
              ]
              maxAgeInSeconds: 3600
            }
          ]
    }
    deleteRetentionPolicy: deleteRetentionDays > 0
      ? {
          enabled: true
          days: deleteRetentionDays
        }
      : {
          enabled: false
        }
    containerDeleteRetentionPolicy: deleteRetentionDays > 0
      ? {
          enabled: true
          days: deleteRetentionDays
        }
      : {
          enabled: false
        }
  }
}

resource containers 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = [
  for containerName in containerNames: {
    parent: blobService
    name: containerName
    properties: {
      publicAccess: 'None'
    }
  }
]

output name string = account.name
output id string = account.id
@description('Blob endpoint, e.g. https://<name>.blob.core.windows.net/ (with a trailing slash).')
output blobEndpoint string = account.properties.primaryEndpoints.blob
