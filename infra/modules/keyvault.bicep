// Key Vault with Azure RBAC authorization (no access policies) holding the
// application's secrets. The Function App reads them through Key Vault
// references (@Microsoft.KeyVault(VaultName=...;SecretName=...)) with its
// system-assigned identity, which gets "Key Vault Secrets User" in rbac.bicep.

@minLength(3)
@maxLength(24)
param name string

param location string
param tags object = {}

@description('Signing secret of the access tokens (HS256). Stored as the secret "jwt-secret". The API refuses less than 32 bytes.')
@secure()
@minLength(32)
param jwtSecret string

@description('VNPay terminal code (vnp_TmnCode). Written to "vnpay-tmn-code" only when not empty, so a value set directly in the vault is never overwritten by an empty one.')
@secure()
param vnpayTmnCode string = ''

@description('VNPay hash secret (vnp_HashSecret). Written to "vnpay-hash-secret" only when not empty.')
@secure()
param vnpayHashSecret string = ''

@description('Shared secret of the bank feed webhook. Written to "bank-feed-secret" only when not empty.')
@secure()
param bankFeedSecret string = ''

@description('Secret key of the Zalo app that renews the Official Account token. Written to "zalo-app-secret" only when not empty.')
@secure()
param zaloAppSecret string = ''

@description('On by default: a deleted vault and its secrets cannot be purged before the retention period ends, by anyone. Cannot be turned off once on; "azd down --purge" then leaves the vault soft-deleted (its name stays taken) until the retention period ends.')
param enablePurgeProtection bool = true

@minValue(7)
@maxValue(90)
param softDeleteRetentionInDays int = 7

// enablePurgeProtection only accepts true; leaving it out means "off".
var purgeProtection = enablePurgeProtection
  ? {
      enablePurgeProtection: true
    }
  : {}

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: name
  location: location
  tags: tags
  properties: union(purgeProtection, {
    tenantId: tenant().tenantId
    sku: {
      family: 'A'
      name: 'standard'
    }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: softDeleteRetentionInDays
    enabledForDeployment: false
    enabledForDiskEncryption: false
    enabledForTemplateDeployment: false
    publicNetworkAccess: 'Enabled'
    networkAcls: {
      bypass: 'AzureServices'
      defaultAction: 'Allow'
    }
  })
}

resource jwtSecretResource 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'jwt-secret'
  properties: {
    value: jwtSecret
    contentType: 'text/plain; HS256 signing key of the API access tokens'
    attributes: {
      enabled: true
    }
  }
}

resource vnpayTmnCodeSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(vnpayTmnCode)) {
  parent: vault
  name: 'vnpay-tmn-code'
  properties: {
    value: vnpayTmnCode
    contentType: 'text/plain; VNPay vnp_TmnCode'
    attributes: {
      enabled: true
    }
  }
}

resource vnpayHashSecretResource 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(vnpayHashSecret)) {
  parent: vault
  name: 'vnpay-hash-secret'
  properties: {
    value: vnpayHashSecret
    contentType: 'text/plain; VNPay vnp_HashSecret'
    attributes: {
      enabled: true
    }
  }
}

resource bankFeedSecretResource 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(bankFeedSecret)) {
  parent: vault
  name: 'bank-feed-secret'
  properties: {
    value: bankFeedSecret
    contentType: 'text/plain; HMAC-SHA256 key of the bank feed webhook'
    attributes: {
      enabled: true
    }
  }
}

resource zaloAppSecretResource 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(zaloAppSecret)) {
  parent: vault
  name: 'zalo-app-secret'
  properties: {
    value: zaloAppSecret
    contentType: 'text/plain; Zalo app secret_key (OA token renewal)'
    attributes: {
      enabled: true
    }
  }
}

// The key that seals secrets the app keeps in Cosmos DB (the Zalo OA tokens): each secret is encrypted
// with a fresh AES key, and that key is wrapped with this RSA key (wrapKey/unwrapKey; the private key
// never leaves the vault). Every sealed value names the key version that wrapped it, so a new version
// (rotation, or a redeployment that adds one) never makes older values unreadable.
resource settingsKey 'Microsoft.KeyVault/vaults/keys@2023-07-01' = {
  parent: vault
  name: 'settings-key'
  properties: {
    kty: 'RSA'
    keySize: 2048
    keyOps: [
      'wrapKey'
      'unwrapKey'
    ]
    attributes: {
      enabled: true
    }
  }
}

output name string = vault.name
@description('Versionless URL of the sealing key, e.g. https://<vault>.vault.azure.net/keys/settings-key')
output settingsKeyUri string = settingsKey.properties.keyUri
output settingsKeyName string = settingsKey.name
output id string = vault.id
output uri string = vault.properties.vaultUri
@description('URI of the current version of jwt-secret. Referencing the version makes every rotation change the app setting, which restarts all instances together.')
output jwtSigningKeyVersionUri string = jwtSecretResource.properties.secretUriWithVersion
