// Azure Cosmos DB for NoSQL, serverless, Microsoft Entra ID only (no account keys).
// One database with the product's containers, every one partitioned on /pk
// (see api/src/store/store.ts: CONTAINER_NAMES). Serverless because a platform of 100 landlords and
// 5,000 rooms uses about 1.6 million RU a month (docs/performance.md, `BENCH_ONLY=cosmos npm run bench`):
// well under a dollar, against about USD 23 a month for the smallest provisioned throughput.

@minLength(3)
@maxLength(44)
param accountName string

param location string
param tags object = {}

param databaseName string = 'nhatro'

@description('Containers of the database; every one is partitioned on /pk with the default indexing policy.')
param containerNames string[] = [
  'houses'
  'users'
  'sessions'
  'throttle'
  'audit'
  'platform'
]

@description('Backup mode. Continuous (7-day point-in-time restore, no extra cost) is preferred; Periodic is the service default.')
@allowed([
  'Continuous'
  'Periodic'
])
param backupPolicyType string = 'Continuous'

resource account 'Microsoft.DocumentDB/databaseAccounts@2024-11-15' = {
  name: accountName
  location: location
  tags: tags
  kind: 'GlobalDocumentDB'
  properties: {
    databaseAccountOfferType: 'Standard'
    locations: [
      {
        locationName: location
        failoverPriority: 0
        isZoneRedundant: false
      }
    ]
    consistencyPolicy: {
      defaultConsistencyLevel: 'Session'
    }
    capabilities: [
      {
        name: 'EnableServerless'
      }
    ]
    backupPolicy: backupPolicyType == 'Continuous'
      ? {
          type: 'Continuous'
          continuousModeProperties: {
            tier: 'Continuous7Days'
          }
        }
      : {
          type: 'Periodic'
          periodicModeProperties: {
            backupIntervalInMinutes: 240
            backupRetentionIntervalInHours: 8
            backupStorageRedundancy: 'Geo'
          }
        }
    // Data-plane access only through Microsoft Entra ID + Cosmos DB RBAC.
    disableLocalAuth: true
    // Keys could not change databases/containers either, even if re-enabled.
    disableKeyBasedMetadataWriteAccess: true
    minimalTlsVersion: 'Tls12'
    publicNetworkAccess: 'Enabled'
    enableAutomaticFailover: false
    enableMultipleWriteLocations: false
    enableFreeTier: false
  }
}

resource database 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases@2024-11-15' = {
  parent: account
  name: databaseName
  properties: {
    resource: {
      id: databaseName
    }
  }
}

resource containers 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2024-11-15' = [
  for containerName in containerNames: {
    parent: database
    name: containerName
    properties: {
      // Serverless accounts take no throughput options.
      resource: {
        id: containerName
        partitionKey: {
          paths: [
            '/pk'
          ]
          kind: 'Hash'
          version: 2
        }
        indexingPolicy: {
          indexingMode: 'consistent'
          automatic: true
          includedPaths: [
            {
              path: '/*'
            }
          ]
          excludedPaths: [
            {
              path: '/"_etag"/?'
            }
          ]
        }
      }
    }
  }
]

// Progress of the change-feed functions (outbox sent from the write, api/src/functions/outbox.ts), which
// may not create it themselves (no control-plane rights). The extension wants it partitioned on /id.
@description('Lease container of the change-feed triggers (api/src/http/registry.ts: CHANGE_FEED_LEASES).')
param leaseContainerName string = 'leases'

resource leases 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2024-11-15' = {
  parent: database
  name: leaseContainerName
  properties: {
    resource: {
      id: leaseContainerName
      partitionKey: {
        paths: [
          '/id'
        ]
        kind: 'Hash'
        version: 2
      }
    }
  }
}

output accountName string = account.name
output accountId string = account.id
@description('Document endpoint, e.g. https://<name>.documents.azure.com:443/')
output endpoint string = account.properties.documentEndpoint
output databaseName string = database.name
