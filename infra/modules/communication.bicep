// Azure Communication Services for the outbox sender's e-mail and SMS (docs/notifications.md).
// An Email Communication Service with an Azure-managed domain (DoNotReply@<id>.azurecomm.net), linked to
// a Communication Services resource. The Function App sends with its managed identity: no connection
// string or key is stored anywhere. SMS needs a phone number bought in the portal (not a template
// resource); pass it as acsSmsFrom in main.bicep.

param communicationName string
param emailServiceName string

@description('Where message data is stored at rest (an ACS data location).')
param dataLocation string = 'Asia Pacific'

param tags object = {}

@description('Principal (object) id of the Function App system-assigned identity.')
param functionPrincipalId string

resource emailService 'Microsoft.Communication/emailServices@2023-04-01' = {
  name: emailServiceName
  location: 'global'
  tags: tags
  properties: {
    dataLocation: dataLocation
  }
}

resource managedDomain 'Microsoft.Communication/emailServices/domains@2023-04-01' = {
  parent: emailService
  name: 'AzureManagedDomain'
  location: 'global'
  tags: tags
  properties: {
    domainManagement: 'AzureManaged'
    userEngagementTracking: 'Disabled'
  }
}

resource communication 'Microsoft.Communication/communicationServices@2023-04-01' = {
  name: communicationName
  location: 'global'
  tags: tags
  properties: {
    dataLocation: dataLocation
    linkedDomains: [
      managedDomain.id
    ]
  }
}

// Contributor on this one resource: the role Microsoft's managed-identity guidance for ACS uses to send
// e-mail and SMS with Entra ID (a custom role with only the send actions can replace it).
var contributorRoleId = 'b24988ac-6180-42a0-ad88-88f1b8e8e1c6'

resource functionSends 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(communication.id, functionPrincipalId, contributorRoleId)
  scope: communication
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', contributorRoleId)
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
  }
}

output endpoint string = 'https://${communication.properties.hostName}'
output emailSender string = 'DoNotReply@${managedDomain.properties.mailFromSenderDomain}'
