// Nhà trọ — Azure infrastructure, deployed by the Azure Developer CLI (`azd up`).
//
//   browser ── Static Web App (web/dist)
//      └─ HTTPS + Bearer token ──> Function App (Flex Consumption, Node 22, managed identity)
//                                    ├─ Cosmos DB for NoSQL (serverless, Entra ID only)
//                                    ├─ Storage account (blobs, user-delegation SAS)
//                                    ├─ Key Vault (jwt-secret, VNPay secrets)
//                                    └─ Application Insights / Log Analytics
//
// See docs/deploy.md.

targetScope = 'subscription'

@minLength(1)
@maxLength(64)
@description('Name of the azd environment (e.g. "prod"). Names the resource group and tags every resource (azd-env-name).')
param environmentName string

@minLength(1)
@description('Region for all resources except the Static Web App. It must offer the Flex Consumption plan; southeastasia (Singapore) is the closest to Vietnam.')
@metadata({
  azd: {
    type: 'location'
  }
})
param location string

@description('Name of the resource group. Default: rg-<environmentName>.')
param resourceGroupName string = ''

@description('Region of the Static Web App resource. The site itself is served from the global edge; these are the regions that host its control plane.')
@allowed([
  'eastasia'
  'westeurope'
  'centralus'
  'eastus2'
  'westus2'
])
param staticWebAppLocation string = 'eastasia'

@description('Static Web Apps plan. Standard adds custom-domain certificates at scale, SLA, private endpoints.')
@allowed([
  'Free'
  'Standard'
])
param staticWebAppSku string = 'Free'

@description('Custom domains of the SPA, as a comma-separated list of origins (e.g. "https://nhatro.example.vn,https://www.nhatro.example.vn"; azd: ADDITIONAL_WEB_ORIGINS). Allowed, with the Static Web App origin, by the API CORS and the blob CORS rule.')
param additionalWebOrigins string = ''

@description('Object id of the user or service principal running azd (azd sets AZURE_PRINCIPAL_ID). Used only when grantDeployerDataAccess is true.')
param principalId string = ''

@description('Least privilege by default: the deployer gets no data-plane role. true: the deployer (principalId) gets Cosmos DB Built-in Data Contributor and Key Vault Secrets Officer, e.g. to run "npm run seed:admin" once (azd: GRANT_DEPLOYER_DATA_ACCESS).')
param grantDeployerDataAccess bool = false

@secure()
@minLength(32)
@description('HS256 signing secret of the API access tokens, stored in Key Vault as "jwt-secret" (the API refuses less than 32 bytes). The default, two random GUIDs without dashes (64 hex characters, 244 random bits), is drawn anew on every deployment: each "azd provision" rotates the key. Only 15-minute access tokens are signed with it (refresh tokens are opaque and stored hashed), so users just refresh once.')
param jwtSecret string = replace('${newGuid()}${newGuid()}', '-', '')

@secure()
@description('VNPay terminal code (vnp_TmnCode). Empty: the secret is not written and the VNPay settings are not added.')
param vnpayTmnCode string = ''

@secure()
@description('VNPay hash secret (vnp_HashSecret). Empty: the secret is not written and the VNPay settings are not added.')
param vnpayHashSecret string = ''

@description('Set to true when vnpay-tmn-code and vnpay-hash-secret were put in the Key Vault by hand (not through the two parameters above): the app settings then reference them.')
param vnpaySecretsInVault bool = false

@description('The deployment\'s stage, set explicitly (azd: APP_ENVIRONMENT). production refuses a sandbox payment gateway; the super admin\'s header shows it.')
@allowed([
  'production'
  'staging'
])
param appEnvironment string = 'production'

@description('VNPay payment host. Empty: the production host (https://pay.vnpay.vn) in production, the sandbox in staging. A production app refuses a sandbox host.')
param vnpayHost string = ''

@secure()
@description('Shared secret the bank feed signs its webhook calls with (docs/bank-feed.md). Empty: not written, and the webhook refuses every call.')
param bankFeedSecret string = ''

@description('Set to true when bank-feed-secret was put in the Key Vault by hand: the app setting then references it.')
param bankFeedSecretInVault bool = false

@description('Create Azure Communication Services (e-mail through an Azure-managed domain) for the outbox sender. Off: messages go by Zalo only.')
param deployCommunication bool = false

@description('The ACS phone number (E.164, bought in the portal) SMS are sent from. Empty: no SMS.')
param acsSmsFrom string = ''

@description('Origin the API is reached at from outside when a custom domain fronts it (e.g. https://api.nhatro.example.vn; azd: API_ORIGIN): the VNPay return URL is built on it. Empty: the Function App\'s own host name.')
param apiOrigin string = ''

@description('Lifetime of the API access tokens in seconds (azd: ACCESS_TOKEN_TTL_SECONDS).')
@minValue(60)
@maxValue(3600)
param accessTokenTtlSeconds int = 900

@description('Largest request body the API accepts, in bytes (azd: MAX_BODY_BYTES).')
@minValue(1048576)
param maxBodyBytes int = 31457280

@description('Lowest level of the app\'s structured log lines sent to Application Insights (azd: LOG_LEVEL).')
@allowed([
  'debug'
  'info'
  'warn'
  'error'
])
param logLevel string = 'info'

@description('Timers to switch off, comma-separated names (azd: DISABLED_TIMERS; e.g. "dailyReminders"). Each becomes AzureWebJobs.<name>.Disabled=true and leaves the "timer did not run" alert.')
param disabledTimers string = ''

@description('E-mail address that receives the alerts and budget notices (azd: ALERT_EMAIL). Empty: alerts show in the portal only.')
param alertEmail string = ''

@description('Monthly budget of the resource group in the billing currency (azd: MONTHLY_BUDGET); notices at 80 % spent and 100 % forecast. 0: no budget.')
@minValue(0)
param monthlyBudget int = 50

@description('App id of the Zalo app that renews the Official Account access token (azd: ZALO_APP_ID). Empty: the token is not renewed automatically.')
param zaloAppId string = ''

@secure()
@description('Secret key of that Zalo app, stored in Key Vault as "zalo-app-secret" (azd: ZALO_APP_SECRET). Empty: not written.')
param zaloAppSecret string = ''

@description('Set to true when zalo-app-secret was put in the Key Vault by hand: the app setting then references it.')
param zaloAppSecretInVault bool = false

@description('Role of the Function App on Communication Services: custom (send only, the default) or Contributor.')
@allowed([
  'custom'
  'Contributor'
])
param communicationSenderRole string = 'custom'

@description('Cosmos DB backup mode (Continuous = 7-day point-in-time restore at no extra cost).')
@allowed([
  'Continuous'
  'Periodic'
])
param cosmosBackupPolicyType string = 'Continuous'

@description('Flex Consumption instance memory (MB).')
@allowed([
  512
  2048
  4096
])
param functionInstanceMemoryMB int = 2048

@description('Flex Consumption scale-out ceiling.')
@minValue(40)
@maxValue(1000)
param functionMaximumInstanceCount int = 40

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

var resourceToken = toLower(uniqueString(subscription().id, environmentName, location))
var tags = {
  'azd-env-name': environmentName
}

var names = {
  resourceGroup: !empty(resourceGroupName) ? resourceGroupName : 'rg-${environmentName}'
  logAnalytics: 'log-${resourceToken}'
  applicationInsights: 'appi-${resourceToken}'
  dataStorage: 'st${resourceToken}'
  runtimeStorage: 'stfunc${resourceToken}'
  cosmos: 'cosmos-${resourceToken}'
  keyVault: 'kv-${resourceToken}'
  functionPlan: 'plan-${resourceToken}'
  functionApp: 'func-${resourceToken}'
  staticWebApp: 'swa-${resourceToken}'
  communication: 'acs-${resourceToken}'
  emailService: 'acs-email-${resourceToken}'
}

var cosmosDatabaseName = 'nhatro'

// Blob containers used by the API (GetXContainerSAS endpoints).
var blobContainerNames = [
  'contract-pdf'
  'room-images'
  'lessee-infor'
  'hm-registration'
  'paper-contracts'
]

var deploymentContainerName = 'app-package-${take(names.functionApp, 32)}-${take(resourceToken, 7)}'

var vnpayConfigured = (!empty(vnpayTmnCode) && !empty(vnpayHashSecret)) || vnpaySecretsInVault
var effectiveVnpayHost = !empty(vnpayHost)
  ? vnpayHost
  : (appEnvironment == 'production' ? 'https://pay.vnpay.vn' : 'https://sandbox.vnpayment.vn')
var zaloConfigured = !empty(zaloAppId) && (!empty(zaloAppSecret) || zaloAppSecretInVault)

// The app's timers (api/src/functions: registerTimer) and how often each must finish a run; the
// "timer did not run" alert watches those not switched off by disabledTimers.
var timerIntervals = [
  { name: 'accountExpiryReminders', withinHours: 26 }
  { name: 'billingDayDrafts', withinHours: 26 }
  { name: 'dailyReminders', withinHours: 26 }
  { name: 'nightlyMaintenance', withinHours: 26 }
  { name: 'outboxSender', withinHours: 1 }
  { name: 'zaloTokenRenewal', withinHours: 3 }
]
var disabledTimerNames = filter(map(split(disabledTimers, ','), timer => trim(timer)), timer => !empty(timer))
var disabledTimerSettings = toObject(disabledTimerNames, timer => 'AzureWebJobs.${timer}.Disabled', timer => 'true')
var bankFeedConfigured = !empty(bankFeedSecret) || bankFeedSecretInVault

// ---------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------

resource rg 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: names.resourceGroup
  location: location
  tags: tags
}

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  scope: rg
  params: {
    logAnalyticsName: names.logAnalytics
    applicationInsightsName: names.applicationInsights
    location: location
    tags: tags
  }
}

module web 'modules/staticwebapp.bicep' = {
  name: 'staticwebapp'
  scope: rg
  params: {
    name: names.staticWebApp
    location: staticWebAppLocation
    sku: staticWebAppSku
    tags: union(tags, {
      'azd-service-name': 'web'
    })
  }
}

// Comma-separated origins, blanks and empty entries dropped, no trailing slash.
var extraWebOrigins = filter(
  map(split(additionalWebOrigins, ','), origin => trim(origin)),
  origin => !empty(origin)
)
var webOrigins = union([web.outputs.uri], extraWebOrigins)

// Application blobs (contracts, room images, ID papers, registrations).
module dataStorage 'modules/storage-account.bicep' = {
  name: 'storage-data'
  scope: rg
  params: {
    name: names.dataStorage
    location: location
    tags: tags
    containerNames: blobContainerNames
    corsAllowedOrigins: webOrigins
    deleteRetentionDays: 7
  }
}

// Functions host storage (AzureWebJobsStorage: timer locks, keys) and the Flex
// Consumption deployment package. Kept apart from the application's blobs so the
// app identity's "Owner" rights never reach user files.
module runtimeStorage 'modules/storage-account.bicep' = {
  name: 'storage-runtime'
  scope: rg
  params: {
    name: names.runtimeStorage
    location: location
    tags: tags
    containerNames: [
      deploymentContainerName
    ]
    deleteRetentionDays: 0
  }
}

module cosmos 'modules/cosmos.bicep' = {
  name: 'cosmos'
  scope: rg
  params: {
    accountName: names.cosmos
    location: location
    tags: tags
    databaseName: cosmosDatabaseName
    backupPolicyType: cosmosBackupPolicyType
  }
}

module keyVault 'modules/keyvault.bicep' = {
  name: 'keyvault'
  scope: rg
  params: {
    name: names.keyVault
    location: location
    tags: tags
    jwtSecret: jwtSecret
    vnpayTmnCode: vnpayTmnCode
    vnpayHashSecret: vnpayHashSecret
    bankFeedSecret: bankFeedSecret
    zaloAppSecret: zaloAppSecret
  }
}

var blobAccountUrl = 'https://${names.dataStorage}.blob.${environment().suffixes.storage}'

var baseAppSettings = {
  COSMOS_ENDPOINT: cosmos.outputs.endpoint
  COSMOS_DATABASE: cosmosDatabaseName
  BLOB_ACCOUNT_URL: blobAccountUrl
  // Pinned to the version written by this deployment: a rotation changes the setting,
  // so every instance restarts with the same key.
  JWT_SECRET: '@Microsoft.KeyVault(SecretUri=${keyVault.outputs.jwtSigningKeyVersionUri})'
  WEB_ORIGIN: web.outputs.uri
  APP_ENVIRONMENT: appEnvironment
  ACCESS_TOKEN_TTL_SECONDS: string(accessTokenTtlSeconds)
  MAX_BODY_BYTES: string(maxBodyBytes)
  LOG_LEVEL: logLevel
  // The Key Vault key that seals the secrets kept in Cosmos DB (the Zalo tokens).
  SECRETS_KEY_URL: keyVault.outputs.settingsKeyUri
  // Identity-based connection of the outbox's change-feed triggers (read by the Functions host).
  COSMOS_FEED__accountEndpoint: cosmos.outputs.endpoint
}

// Written only when set, so the Function App's own host name stays the default.
var apiOriginAppSettings = !empty(apiOrigin)
  ? {
      API_ORIGIN: apiOrigin
    }
  : {}

var zaloAppSettings = zaloConfigured
  ? {
      ZALO_APP_ID: zaloAppId
      ZALO_APP_SECRET: '@Microsoft.KeyVault(VaultName=${keyVault.outputs.name};SecretName=zalo-app-secret)'
    }
  : {}

// Versionless references: a value changed in the vault by hand is picked up on the
// next restart (or within 24 hours) without redeploying.
var vnpayAppSettings = vnpayConfigured
  ? {
      VNPAY_TMN_CODE: '@Microsoft.KeyVault(VaultName=${keyVault.outputs.name};SecretName=vnpay-tmn-code)'
      VNPAY_HASH_SECRET: '@Microsoft.KeyVault(VaultName=${keyVault.outputs.name};SecretName=vnpay-hash-secret)'
      VNPAY_HOST: effectiveVnpayHost
    }
  : {}

var bankFeedAppSettings = bankFeedConfigured
  ? {
      BANK_FEED_SECRET: '@Microsoft.KeyVault(VaultName=${keyVault.outputs.name};SecretName=bank-feed-secret)'
    }
  : {}

module api 'modules/functionapp.bicep' = {
  name: 'functionapp'
  scope: rg
  params: {
    name: names.functionApp
    planName: names.functionPlan
    location: location
    tags: tags
    serviceName: 'api'
    runtimeStorageAccountName: runtimeStorage.outputs.name
    deploymentContainerName: deploymentContainerName
    // The platform answers CORS (preflights included) for these origins only; the API has no CORS code.
    allowedOrigins: webOrigins
    nodeVersion: '22'
    instanceMemoryMB: functionInstanceMemoryMB
    maximumInstanceCount: functionMaximumInstanceCount
  }
}

module rbac 'modules/rbac.bicep' = {
  name: 'rbac'
  scope: rg
  params: {
    functionPrincipalId: api.outputs.principalId
    dataStorageAccountName: dataStorage.outputs.name
    runtimeStorageAccountName: runtimeStorage.outputs.name
    keyVaultName: keyVault.outputs.name
    cosmosAccountName: cosmos.outputs.accountName
    applicationInsightsName: monitoring.outputs.applicationInsightsName
    settingsKeyName: keyVault.outputs.settingsKeyName
    deployerPrincipalId: grantDeployerDataAccess ? principalId : ''
  }
}

module alerts 'modules/alerts.bicep' = {
  name: 'alerts'
  scope: rg
  params: {
    namePrefix: resourceToken
    location: location
    tags: tags
    applicationInsightsId: monitoring.outputs.applicationInsightsId
    cosmosAccountId: cosmos.outputs.accountId
    alertEmail: alertEmail
    monthlyBudget: monthlyBudget
    timers: filter(timerIntervals, timer => !contains(disabledTimerNames, timer.name))
  }
}

// Written once the identity holds its roles, so Key Vault references resolve at once.
module communication 'modules/communication.bicep' = if (deployCommunication) {
  name: 'communication'
  scope: rg
  params: {
    communicationName: names.communication
    emailServiceName: names.emailService
    tags: tags
    functionPrincipalId: api.outputs.principalId
    senderRole: communicationSenderRole
  }
}

// ACS with the Function App's identity: the endpoint and the sender address, no key.
var communicationAppSettings = deployCommunication
  ? {
      ACS_ENDPOINT: communication.outputs.endpoint
      ACS_EMAIL_SENDER: communication.outputs.emailSender
    }
  : {}
var smsAppSettings = deployCommunication && !empty(acsSmsFrom)
  ? {
      ACS_SMS_FROM: acsSmsFrom
    }
  : {}

module apiSettings 'modules/appsettings.bicep' = {
  name: 'functionapp-settings'
  scope: rg
  params: {
    functionAppName: api.outputs.name
    runtimeStorageAccountName: runtimeStorage.outputs.name
    applicationInsightsName: monitoring.outputs.applicationInsightsName
    appSettings: union(
      baseAppSettings,
      apiOriginAppSettings,
      vnpayAppSettings,
      bankFeedAppSettings,
      zaloAppSettings,
      communicationAppSettings,
      smsAppSettings,
      disabledTimerSettings
    )
  }
  dependsOn: [
    rbac
  ]
}

// ---------------------------------------------------------------------------
// Outputs (azd stores them in .azure/<env>/.env)
// ---------------------------------------------------------------------------

output AZURE_LOCATION string = location
output AZURE_TENANT_ID string = tenant().tenantId
output AZURE_RESOURCE_GROUP string = rg.name

output API_BASE_URL string = api.outputs.uri
@description('Same value as API_BASE_URL, under the name Vite reads at build time.')
output VITE_API_BASE_URL string = api.outputs.uri
output WEB_URL string = web.outputs.uri

output AZURE_FUNCTION_APP_NAME string = api.outputs.name
output AZURE_STATIC_WEB_APP_NAME string = web.outputs.name

output COSMOS_ENDPOINT string = cosmos.outputs.endpoint
output COSMOS_DATABASE string = cosmosDatabaseName
output AZURE_COSMOS_ACCOUNT_NAME string = cosmos.outputs.accountName

output BLOB_ACCOUNT_URL string = blobAccountUrl
output AZURE_STORAGE_ACCOUNT_NAME string = dataStorage.outputs.name

output AZURE_KEY_VAULT_NAME string = keyVault.outputs.name
output AZURE_KEY_VAULT_ENDPOINT string = keyVault.outputs.uri

output APPLICATIONINSIGHTS_NAME string = monitoring.outputs.applicationInsightsName

output APP_ENVIRONMENT string = appEnvironment
@description('Principal id of the Function App identity: the postprovision hook waits until its roles work.')
output AZURE_FUNCTION_PRINCIPAL_ID string = api.outputs.principalId
