// Someone hears about failures: an action group that e-mails the operator, log alerts on the app's own
// structured log lines (api/src/telemetry/log.ts: one JSON object per line, `event` names what happened)
// and on the Functions host's request telemetry, a metric alert on Cosmos DB throttling, and a monthly
// budget. Every rule sends to the action group; with no e-mail address the group has no receiver and the
// alerts still show in the portal (Monitor → Alerts).

param namePrefix string
param tags object = {}

@description('Application Insights component the log alerts query (traces: our log lines; requests: the host).')
param applicationInsightsId string

@description('Region of the log alert rules (that of Application Insights).')
param location string

@description('Cosmos DB account watched for throttled (429) requests.')
param cosmosAccountId string

@description('E-mail address of the operator who receives the alerts (and the budget notices). Empty: no receiver.')
param alertEmail string = ''

@description('Timers that must have finished a run within the given number of hours (those not disabled).')
param timers array

@description('Monthly budget of the resource group, in the billing currency. 0: no budget.')
@minValue(0)
param monthlyBudget int = 50

@description('First day of the budget period (yyyy-MM-01); the default is the current month.')
param budgetStartDate string = utcNow('yyyy-MM-01')

var hasEmail = !empty(alertEmail)

resource actionGroup 'Microsoft.Insights/actionGroups@2023-01-01' = {
  name: 'ag-${namePrefix}'
  location: 'global'
  tags: tags
  properties: {
    groupShortName: 'nhatro'
    enabled: true
    emailReceivers: hasEmail
      ? [
          {
            name: 'operator'
            emailAddress: alertEmail
            useCommonAlertSchema: true
          }
        ]
      : []
  }
}

// Our log lines arrive in `traces` with the JSON as the message.
var appLog = 'traces | where message startswith \'{\' | extend entry = parse_json(message)'

var timerTable = join(map(timers, timer => '\'${timer.name}\', ${timer.withinHours}'), ', ')

var logAlerts = [
  {
    name: 'ipn-refused'
    displayName: 'VNPay IPN answered other than 00/02'
    description: 'The payment notification endpoint answered VNPay with a code other than 00 (confirmed) or 02 (already confirmed): a checksum, amount or order problem, or a store failure (99). See docs/operations.md.'
    severity: 1
    frequency: 'PT5M'
    window: 'PT5M'
    query: '${appLog} | where tostring(entry.event) == \'payment.ipn\' and tostring(entry.rspCode) !in (\'00\', \'02\')'
  }
  {
    name: 'payment-refund-due'
    displayName: 'VNPay took money that pays nothing'
    description: 'VNPay confirmed a payment on a link that had been replaced by a newer one, was paid after the link expired, or whose bill, charge or request is gone. The money is recorded on the payment (state refundDue) and shown on the bill; the landlord and the payer were told. Refund it in VNPay\'s merchant portal (its transaction number is on the payment). See docs/payments.md.'
    severity: 2
    frequency: 'PT15M'
    window: 'PT15M'
    query: '${appLog} | where tostring(entry.event) == \'payment.refundDue\''
  }
  {
    name: 'timer-failed'
    displayName: 'A timer run failed'
    description: 'A timer run finished with failures (some houses, accounts or steps failed; the others were done). See docs/operations.md.'
    severity: 1
    frequency: 'PT15M'
    window: 'PT15M'
    query: '${appLog} | where tostring(entry.event) == \'timer.finished\' and tostring(entry.outcome) == \'failed\''
  }
  {
    name: 'timer-missed'
    displayName: 'A timer did not run'
    description: 'A timer has not finished a run within its expected interval (the app is down, the timer is disabled by hand, or the host does not start it).'
    severity: 2
    frequency: 'PT1H'
    window: 'PT1H'
    // The query looks back 26 hours, longer than the evaluation window.
    queryTimeRange: 'P2D'
    query: 'let expected = datatable(timer: string, withinHours: int) [${timerTable}]; let runs = ${appLog} | where timestamp > ago(26h) and tostring(entry.event) == \'timer.finished\' | summarize lastRun = max(timestamp) by timer = tostring(entry.timer); expected | join kind=leftouter runs on timer | where isnull(lastRun) or lastRun < ago(withinHours * 1h)'
  }
  {
    name: 'http-5xx-rate'
    displayName: 'More than 1 % of HTTP requests failed with 5xx'
    description: 'Over 15 minutes, more than 1 % of at least 20 HTTP requests answered 5xx.'
    severity: 2
    frequency: 'PT5M'
    window: 'PT15M'
    query: 'requests | where isnotempty(url) | summarize total = count(), failed = countif(toint(resultCode) >= 500) | where total >= 20 and failed * 100.0 / total > 1'
  }
  {
    name: 'outbox-gave-up'
    displayName: 'Outbox messages given up'
    description: 'The outbox sender gave up messages (every channel failed for good, or after the last retry). Each outbox document keeps its deliveries and their errors.'
    severity: 2
    frequency: 'PT15M'
    window: 'PT15M'
    query: '${appLog} | where tostring(entry.event) == \'outbox.givenUp\' and toint(entry.failed) > 0'
  }
  {
    name: 'zalo-token-renewal-failed'
    displayName: 'Zalo token renewal failed'
    description: 'The Zalo Official Account access token could not be renewed: Zalo notifications stop when it expires. The super admin enters a new token on /settingZaloToken.'
    severity: 1
    frequency: 'PT1H'
    window: 'PT1H'
    query: '${appLog} | where tostring(entry.event) == \'zaloToken.renewalFailed\''
  }
  {
    name: 'startup-failed'
    displayName: 'The API cannot start'
    description: 'Start-up failed (configuration, Key Vault reference, Cosmos DB or Storage): every request answers 503. The log line names the setting.'
    severity: 0
    frequency: 'PT5M'
    window: 'PT5M'
    query: '${appLog} | where tostring(entry.event) == \'startup.failed\''
  }
]

resource logAlertRules 'Microsoft.Insights/scheduledQueryRules@2021-08-01' = [
  for alert in logAlerts: {
    name: 'alert-${alert.name}-${namePrefix}'
    location: location
    tags: tags
    kind: 'LogAlert'
    properties: {
      displayName: alert.displayName
      description: alert.description
      severity: alert.severity
      enabled: true
      evaluationFrequency: alert.frequency
      windowSize: alert.window
      overrideQueryTimeRange: alert.?queryTimeRange
      scopes: [
        applicationInsightsId
      ]
      criteria: {
        allOf: [
          {
            query: alert.query
            timeAggregation: 'Count'
            operator: 'GreaterThan'
            threshold: 0
            failingPeriods: {
              numberOfEvaluationPeriods: 1
              minFailingPeriodsToAlert: 1
            }
          }
        ]
      }
      autoMitigate: true
      actions: {
        actionGroups: [
          actionGroup.id
        ]
      }
    }
  }
]

resource cosmosThrottled 'Microsoft.Insights/metricAlerts@2018-03-01' = {
  name: 'alert-cosmos-throttled-${namePrefix}'
  location: 'global'
  tags: tags
  properties: {
    description: 'Cosmos DB answered 429 (request rate too large): requests were throttled.'
    severity: 2
    enabled: true
    scopes: [
      cosmosAccountId
    ]
    evaluationFrequency: 'PT5M'
    windowSize: 'PT15M'
    criteria: {
      'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria'
      allOf: [
        {
          name: 'throttled'
          criterionType: 'StaticThresholdCriterion'
          metricNamespace: 'Microsoft.DocumentDB/databaseAccounts'
          metricName: 'TotalRequests'
          dimensions: [
            {
              name: 'StatusCode'
              operator: 'Include'
              values: [
                '429'
              ]
            }
          ]
          operator: 'GreaterThan'
          threshold: 0
          timeAggregation: 'Count'
        }
      ]
    }
    autoMitigate: true
    actions: [
      {
        actionGroupId: actionGroup.id
      }
    ]
  }
}

resource budget 'Microsoft.Consumption/budgets@2023-11-01' = if (monthlyBudget > 0) {
  name: 'budget-${namePrefix}'
  properties: {
    category: 'Cost'
    amount: monthlyBudget
    timeGrain: 'Monthly'
    timePeriod: {
      startDate: budgetStartDate
    }
    notifications: {
      actual80: {
        enabled: true
        operator: 'GreaterThan'
        threshold: 80
        thresholdType: 'Actual'
        contactEmails: hasEmail ? [alertEmail] : []
        contactGroups: [
          actionGroup.id
        ]
      }
      forecast100: {
        enabled: true
        operator: 'GreaterThan'
        threshold: 100
        thresholdType: 'Forecasted'
        contactEmails: hasEmail ? [alertEmail] : []
        contactGroups: [
          actionGroup.id
        ]
      }
    }
  }
}

output actionGroupId string = actionGroup.id
output alertNames string[] = [for alert in logAlerts: alert.name]
