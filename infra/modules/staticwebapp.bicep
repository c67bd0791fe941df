// Azure Static Web Apps hosting the built SPA (web/dist). No managed API: the SPA
// calls the Function App directly (VITE_API_BASE_URL), because Static Web Apps only
// forwards /api/* and cannot rewrite /odata/* or /ExcelImport/*.

param name string

@description('Static Web Apps control-plane region (content is served from the global edge).')
param location string

param tags object = {}

@allowed([
  'Free'
  'Standard'
])
param sku string = 'Free'

resource site 'Microsoft.Web/staticSites@2024-11-01' = {
  name: name
  location: location
  tags: tags
  sku: {
    name: sku
    tier: sku
  }
  properties: {
    // Deployed by "azd deploy" (SWA CLI + deployment token), not by a linked repository.
    provider: 'Custom'
    allowConfigFileUpdates: true
    stagingEnvironmentPolicy: 'Enabled'
  }
}

output name string = site.name
output defaultHostname string = site.properties.defaultHostname
@description('Origin of the SPA, e.g. https://<name>.azurestaticapps.net (no trailing slash).')
output uri string = 'https://${site.properties.defaultHostname}'
