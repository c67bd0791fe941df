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

// The narrowest role that lets the Function App's identity send: a custom role with only the actions
// Microsoft's guidance for sending e-mail with Microsoft Entra ID lists (read the resource, write on it
// and on the e-mail service), assignable in this resource group only, instead of Contributor. Creating a
// role definition needs Owner (or User Access Administrator) on the resource group.
@description('custom: the send-only role below; Contributor: the built-in role (if a send is refused with 403 under the custom role).')
@allowed([
  'custom'
  'Contributor'
])
param senderRole string = 'custom'

var contributorRoleId = 'b24988ac-6180-42a0-ad88-88f1b8e8e1c6'

resource sendOnlyRole 'Microsoft.Authorization/roleDefinitions@2022-04-01' = if (senderRole == 'custom') {
  name: guid(resourceGroup().id, 'nhatro-acs-sender')
  properties: {
    roleName: 'Nha tro ACS sender (${resourceGroup().name})'
    description: 'Send e-mail and SMS through Azure Communication Services with Microsoft Entra ID; nothing else.'
    type: 'CustomRole'
    permissions: [
      {
        actions: [
          'Microsoft.Communication/CommunicationServices/Read'
          'Microsoft.Communication/CommunicationServices/Write'
          'Microsoft.Communication/EmailServices/write'
        ]
        notActions: []
        dataActions: []
        notDataActions: []
      }
    ]
    assignableScopes: [
      resourceGroup().id
    ]
  }
}

var senderRoleDefinitionId = senderRole == 'custom'
  ? sendOnlyRole.id
  : subscriptionResourceId('Microsoft.Authorization/roleDefinitions', contributorRoleId)

resource functionSends 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(communication.id, functionPrincipalId, senderRole)
  scope: communication
  properties: {
    roleDefinitionId: senderRoleDefinitionId
    principalId: functionPrincipalId
    principalType: 'ServicePrincipal'
  }
}

output endpoint string = 'https://${communication.properties.hostName}'
output emailSender string = 'DoNotReply@${managedDomain.properties.mailFromSenderDomain}'
