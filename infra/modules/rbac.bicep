// Role assignments. Everything is identity-based: no account keys, no connection
// strings, no passwords in app settings.
//
// Function App (system-assigned identity):
//   - Cosmos DB Built-in Data Contributor (Cosmos DB data-plane RBAC, account scope)
//   - Storage Blob Data Contributor + Storage Blob Delegator on the data account
//     (read/write blobs, and get a user delegation key to sign user-delegation SAS)
//   - Storage Blob Data Owner on the runtime account (host storage + Flex deployment package)
//   - Key Vault Secrets User on the vault (Key Vault references)
//   - Key Vault Crypto Service Encryption User on the key settings-key only (seal the Zalo tokens)
//   - Monitoring Metrics Publisher on Application Insights (telemetry with Entra ID; local auth is off)
// Deployer (only with grantDeployerDataAccess, off by default, the person/pipeline running azd):
//   - Cosmos DB Built-in Data Contributor (one-off admin commands such as "npm run seed:admin")
//   - Key Vault Secrets Officer (read jwt-secret, set the VNPay secrets by hand)

@description('Principal (object) id of the Function App system-assigned identity.')
param functionPrincipalId string

param dataStorageAccountName string
param runtimeStorageAccountName string
param keyVaultName string
param cosmosAccountName string
param applicationInsightsName string

@description('Name of the Key Vault key that seals secrets kept in the store (keyvault.bicep: settings-key).')
param settingsKeyName string

@description('Object id of the deployer (user or service principal). Empty: no deployer grants.')
param deployerPrincipalId string = ''

// Built-in role definition ids (identical in every tenant).
var roles = {
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'
  storageBlobDataOwner: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
  storageBlobDelegator: 'db58b8e5-c6ad-4a2a-8342-4190687cbf4a'
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6'
  keyVaultSecretsOfficer: 'b86a8fe4-44ce-4948-aee5-eccb2c155cd7'
  monitoringMetricsPublisher: '3913510d-42f4-4e42-8a64-420c390055eb'
  keyVaultCryptoServiceEncryptionUser: 'e147488a-f6f5-4113-8e2d-b22465e65bf6'
}

// Cosmos DB for NoSQL built-in data-plane role (not an Azure RBAC role).
var cosmosDataContributorRoleId = '00000000-0000-0000-0000-000000000002'

var grantDeployer = !empty(deployerPrincipalId)

resource dataStorage 'Microsoft.Storage/storageAccounts@2023-05-01' existing = {
  name: dataStorageAccountName
}

resource runtimeStorage 'Microsoft.Storage/storageAccounts@2023-05-01' existing = {
  name: runtimeStorageAccountName
}

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: keyVaultName
}

resource settingsKey 'Microsoft.KeyVault/vaults/keys@2023-07-01' existing = {
  parent: vault
  name: settingsKeyName
}

resource cosmos 'Microsoft.DocumentDB/databaseAccounts@2024-11-15' existing = {
  name: cosmosAccountName
}

resource applicationInsights 'Microsoft.Insights/components@2020-02-02' existing = {
  name: applicationInsightsName
}

// ---- Function App identity ------------------------------------------------

resource appBlobDataContributor 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: dataStorage
  name: guid(dataStorage.id, functionPrincipalId, roles.storageBlobDataContributor)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataContributor)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: read and write application blobs'
  }
}

resource appBlobDelegator 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: dataStorage
  name: guid(dataStorage.id, functionPrincipalId, roles.storageBlobDelegator)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDelegator)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: get user delegation keys to sign user-delegation SAS'
  }
}

resource appRuntimeBlobOwner 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: runtimeStorage
  name: guid(runtimeStorage.id, functionPrincipalId, roles.storageBlobDataOwner)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataOwner)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: Functions host storage and Flex Consumption deployment package'
  }
}

resource appKeyVaultSecretsUser 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: vault
  name: guid(vault.id, functionPrincipalId, roles.keyVaultSecretsUser)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultSecretsUser)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: resolve Key Vault references in app settings'
  }
}

// Wrap and unwrap with the one sealing key, nothing else in the vault.
resource appSettingsKeyUser 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: settingsKey
  name: guid(settingsKey.id, functionPrincipalId, roles.keyVaultCryptoServiceEncryptionUser)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultCryptoServiceEncryptionUser)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: seal and open secrets kept in Cosmos DB (Zalo tokens)'
  }
}

resource appMonitoringMetricsPublisher 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: applicationInsights
  name: guid(applicationInsights.id, functionPrincipalId, roles.monitoringMetricsPublisher)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.monitoringMetricsPublisher)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Nha tro API: send telemetry to Application Insights with Microsoft Entra ID'
  }
}

resource appCosmosDataContributor 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2024-11-15' = {
  parent: cosmos
  name: guid(cosmos.id, functionPrincipalId, cosmosDataContributorRoleId)
  properties: {
    roleDefinitionId: '${cosmos.id}/sqlRoleDefinitions/${cosmosDataContributorRoleId}'
    principalId: functionPrincipalId
    scope: cosmos.id
  }
}

// ---- Deployer (optional) --------------------------------------------------

resource deployerCosmosDataContributor 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2024-11-15' = if (grantDeployer) {
  parent: cosmos
  name: guid(cosmos.id, deployerPrincipalId, cosmosDataContributorRoleId)
  properties: {
    roleDefinitionId: '${cosmos.id}/sqlRoleDefinitions/${cosmosDataContributorRoleId}'
    principalId: deployerPrincipalId
    scope: cosmos.id
  }
  // Cosmos DB accepts one role-assignment write at a time per account.
  dependsOn: [
    appCosmosDataContributor
  ]
}

resource deployerKeyVaultSecretsOfficer 'Microsoft.Authorization/roleAssignments@2022-04-01' = if (grantDeployer) {
  scope: vault
  name: guid(vault.id, deployerPrincipalId, roles.keyVaultSecretsOfficer)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultSecretsOfficer)
    principalId: deployerPrincipalId
    description: 'Nha tro deployer: read jwt-secret on re-provision, manage VNPay secrets'
  }
}
