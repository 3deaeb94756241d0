/**
 * The API's messages in English: errors of both doors, in the organization's
 * language. Same shape as the dashboard's dictionaries (lib/i18n/en.ts): one
 * object per language, this one defining the type that es.ts must satisfy,
 * strings or functions of their parameters.
 */
export const en = {
  /**
   * Why a field was refused (`path: reason`). Schemas name a reason by its key
   * (`validation.httpsUrl`); bounds and formats are described from the issue
   * itself (validation-reasons.ts). REST answers them in English (they name
   * schema paths, read by developers); the dashboard in the reader's language.
   */
  validation: {
    required: "is required",
    wrongType: "has the wrong type",
    mustBeNumber: "must be a number",
    mustBeWholeNumber: "must be a whole number",
    mustBeText: "must be text",
    mustBeTrueOrFalse: "must be true or false",
    mustBeList: "must be a list",
    mustBeObject: "must be an object",
    notEmpty: "must not be empty",
    atLeastCharacters: (p: { min: string | number }) => `at least ${p.min} characters`,
    atMostCharacters: (p: { max: string | number }) => `at most ${p.max} characters`,
    atLeast: (p: { min: string | number }) => `must be at least ${p.min}`,
    moreThan: (p: { min: string | number }) => `must be more than ${p.min}`,
    atMost: (p: { max: string | number }) => `must be at most ${p.max}`,
    lessThan: (p: { max: string | number }) => `must be less than ${p.max}`,
    atLeastItems: (p: { min: string | number }) => `choose at least ${p.min}`,
    atMostItems: (p: { max: string | number }) => `at most ${p.max} items`,
    multipleOf: (p: { step: string | number }) => `must be a multiple of ${p.step}`,
    oneOf: (p: { values: string | number }) => `must be one of: ${p.values}`,
    unknownFields: (p: { keys: string | number }) => `unknown fields: ${p.keys}`,
    invalidFormat: "has an invalid format",
    email: "must be a valid email address",
    url: "must be a valid URL",
    id: "is not a valid id",
    dateTime: "must be a date and time",
    date: "must be a date",
    decimals: (p: { places: string | number }) => (Number(p.places) === 1 ? "at most 1 decimal place" : `at most ${p.places} decimal places`),
    httpUrl: "must be an absolute http or https URL",
    duplicateValues: "must not repeat a value",
    httpsUrl: "must be an absolute https URL",
    publicHttpsUrl: "must be a public https URL (port 443 or 8443, no credentials)",
    currency: "must be an ISO 4217 currency code such as USD, EUR or MXN",
    country: "must be an ISO 3166-1 alpha-2 country code, e.g. MX",
    atLeastOneField: "send at least one field to update",
    atLeastOneFieldOf: (p: { fields: string | number }) => `at least one field is required (${p.fields})`,
    phoneDigits: (p: { min: string | number; max: string | number }) => `must contain ${p.min} to ${p.max} digits`,
    phoneMinDigits: (p: { min: string | number }) => `must contain at least ${p.min} digits`,
    maxKeys: (p: { max: string | number }) => `at most ${p.max} keys`,
    searchNeedsOne: "at least one of email, phone or q is required",
    oneReassignTarget: "give exactly one of toUserId (a member) or toPoolId (a round-robin pool)",
    inTheFuture: "must be in the future",
    e164: "must be an international number in E.164 form, e.g. +50760001234",
    leadIdOrTo: "send exactly one of `leadId` and `to`",
    textOrTemplate: "send exactly one of `text` and `template`",
    offsetDateTime: "must be an ISO 8601 date-time with an offset, e.g. 2026-11-25T00:00:00-05:00 or …Z",
    wallClock: "must be a local wall-clock time YYYY-MM-DDTHH:mm without offset",
    onlyCall: "only `call` is accepted",
    providerRequired: "is required when source is automation",
    workflowRequired: "is required when source is workflow",
    atLeastOneMember: "must name at least one member",
    enterName: "enter a name",
    enterYourName: "enter your name",
    enterCompanyName: "enter your company's name",
    enterPassword: "enter your password",
    contactRequired: "a lead needs an email or a phone",
    notAMember: "is not a member of this organization",
    notAStage: "is not a pipeline stage of this organization",
    noSuchProject: "no such project in this organization",
    noSuchUnit: "no such unit in this organization",
    unitOfOtherProject: (p: { project: string | number; other: string | number }) => `belongs to project ${p.project}, not to ${p.other}`,
    noSuchPool: "no such round robin pool in this organization",
    alwaysInAStage: "a lead is always in a pipeline stage; send another stage's id (or a status) to move it",
    stageStandsFor: (p: { status: string | number; sent: string | number }) =>
      `the stage sent (stageId) stands for the status ${p.status}, not ${p.sent}; send one of the two, or both in agreement`,
    noStageForStatus: (p: { status: string | number }) => `no pipeline stage stands for ${p.status}`,
    noPhone: "the lead has no phone number",
    providerRefused: (p: { reason: string | number }) => `WhatsApp refused it: ${p.reason}`,
    tokenRefused: (p: { reason: string | number }) => `WhatsApp refused this access token: ${p.reason}`,
    tokenLacksPermission: (p: { reason: string | number }) => `this access token lacks a permission WhatsApp requires: ${p.reason}`,
    providerSaid: (p: { reason: string | number }) => `${p.reason}`,
    leadPhoneNotOfCountry: (p: { phone: string | number; country: string | number }) =>
      `the lead's phone "${p.phone}" is not a phone number of ${p.country} nor an international one`,
    leadPhoneNotInternational: (p: { phone: string | number }) =>
      `the lead's phone "${p.phone}" is not an international number; write it with + and the country code, or set the organization's default country`,
    redirectAbsolute: "must be an absolute URL",
    redirectFragment: "must not contain a fragment",
    redirectCredentials: "must not contain credentials",
    redirectHttps: "must use https (http only on localhost)",
    slugFormat: "use lowercase letters, digits and inner hyphens only",
    slugNotUuid: "must not look like a UUID",
    timeZone: (p: { value: string | number }) => `"${p.value}" is not a valid IANA time zone (e.g. America/Mexico_City)`,
    timeZoneName: "must be an IANA time zone name",
    weekdayRepeated: "must not repeat a weekday",
    metaPhoneNumberId: "must be the phone number id shown in the Meta app (digits only)",
    metaBusinessAccountId: "must be the WhatsApp Business account id shown in the Meta app (digits only)",
    whatsAppToken: "must be a WhatsApp access token (a system user's permanent token)",
    metaPageId: "must be the Facebook page id (digits only)",
    metaPageToken: "must be the page's access token from Meta",
    noSpaces: "must not contain spaces",
    untilAfterFrom: "must be on or after the first day away",
    endAfterStart: "must be later than businessHoursStart",
    budgetCurrency: "is required when a budget is given",
    budgetRangeOrder: "must not be lower than min",
    budgetOrder: "must not be lower than budgetMin",
    timeOfDay: "must be HH:MM (00:00..23:59)",
    endAfterWorkStart: "must be later than start",
    mergeFieldLead: "must be the id of one of the leads being merged",
    mergeSelf: "must not include the lead the others are merged into",
    uniqueItems: "must not repeat an item",
    funnelNeedsProject: "funnelStage and funnelProjectId go together",
    leadNeedsHeldUnit: "can only be set on a reserved or sold unit",
  },
  auth: {
    missing: "Missing Authorization header. Send `Authorization: Bearer <token>`.",
    malformed: "Malformed Authorization header. Expected `Bearer <token>`.",
    unknown: "Invalid API key or access token.",
    tokenExpired: "The access token has expired. Refresh it and try again.",
    keyInactive: "This API key has been revoked.",
    keyExpired: "This API key has expired.",
    clientDisabled: "This connected app has been disabled.",
    notBound: "This connection is not bound to an organization. Reconnect and choose an organization.",
    notMember: "The user of this connection is no longer a member of the organization.",
    missingScope: (p: { scope: string | number }) =>
      `This credential lacks the required scope: ${p.scope}.`,
    sessionRequired: "Sign in to continue.",
    tooManyAttempts: (p: { retryAfter: string | number }) =>
      `Too many attempts. Try again in ${p.retryAfter} s.`,
    busy: "The server is busy. Try again in a few seconds.",
    managersOnly: "Only owners and admins of the organization can do this.",
    ownersOnly: "Only owners of the organization can do this.",
  },
  rateLimit: {
    second: (p: { limit: string | number; retryAfter: string | number }) =>
      `Rate limit exceeded: at most ${p.limit} requests per second. Retry after ${p.retryAfter} s.`,
    minute: (p: { limit: string | number; retryAfter: string | number }) =>
      `Rate limit exceeded: at most ${p.limit} requests per minute. Retry after ${p.retryAfter} s.`,
    month: (p: { limit: string | number }) =>
      `Monthly request quota exhausted (${p.limit} requests per month). It resets at the start of next month (UTC).`,
  },
  planLimit: {
    reached: (p: { limit: string | number; max: string | number }) =>
      `Plan limit reached: ${p.limit} (at most ${p.max}). Upgrade your plan or remove unused records.`,
  },
  request: {
    notFound: (p: { method: string | number; path: string | number }) =>
      `No endpoint ${p.method} ${p.path}.`,
    methodNotAllowed: (p: { method: string | number; path: string | number; allowed: string | number }) =>
      `Method ${p.method} is not allowed on ${p.path}. Allowed: ${p.allowed}.`,
    malformedJson: "Malformed JSON body.",
    unsupportedMediaType: "Request bodies must be JSON (Content-Type: application/json).",
    tooLarge: "Request body too large.",
    batchTooLarge: (p: { max: string | number }) =>
      `Too many calls in one batch: at most ${p.max}.`,
    batchNotAllowed: "Account operations cannot be batched; send them one at a time.",
    crossOrigin: "This request must come from the dashboard's own pages.",
  },
  idempotency: {
    invalidKey: "Idempotency-Key: must be 1 to 255 printable ASCII characters.",
    mismatch: "This Idempotency-Key was used with a different request in the last 24 hours. Use a new key for a new request.",
    inFlight: (p: { retryAfter: string | number }) =>
      `A request with this Idempotency-Key is still being processed. Retry after ${p.retryAfter} s to get its answer.`,
  },
  mail: {
    notConfigured: "Outgoing email is not configured on this server (SMTP_URL is not set), so no email can be sent.",
  },
  account: {
    organizationLimit: (p: { limit: string | number }) =>
      `You already own ${p.limit} organizations, the most one person can own.`,
    dashboardOnly: "This is available to signed-in dashboard users only.",
    emailUnverified: "Confirm your email address first: open the link we sent you, or ask for a new one.",
    linkInvalid: "This link is invalid, expired or was already used. Ask for a new one.",
  },
  notifications: {
    pushEndpointRefused: "This push subscription's endpoint is not a public https URL, so no push can be sent to it.",
  },
  resource: {
    notFound: (p: { resource: string | number }) =>
      `${p.resource} not found.`,
  },
  database: {
    duplicate: "This conflicts with a record that already exists.",
    recordNotFound: "The record was not found; it may have just been deleted.",
  },
  webhooks: {
    notFound: "Webhook subscription not found.",
    dashboardManaged: "This webhook subscription is managed in the dashboard and cannot be deleted through the API.",
    deliveryNotFound: "Webhook delivery not found.",
    resendNotFailed: (p: { status: string | number }) =>
      `Only failed deliveries can be resent; this one is ${p.status}.`,
    dashboardManagedChange: "This webhook subscription is managed in the dashboard; change its secret in Settings → Webhooks.",
    replayInactive: "This webhook subscription is inactive; activate it before replaying events to it.",
  },
  projects: {
    projectNotFound: "Project not found.",
    unitNotFound: "Unit not found in this project.",
    writeConflict: "The project was changed by another request at the same time. Retry the request.",
  },
  roundRobin: {
    poolNotFound: "Round robin pool not found.",
    connectionNotFound: "Connection not found on this round robin pool.",
    participantNotFound: "This member is not a participant of this round robin pool.",
    nobodyEligible: "This round robin pool is inactive or has no active participant who is still a member, so it cannot take these leads.",
    notMembers: (p: { field: string | number; ids: string | number }) =>
      `${p.field}: not members of this organization: ${p.ids}.`,
    duplicateParticipants: (p: { ids: string | number }) =>
      `participantIds: each member may appear once; repeated: ${p.ids}.`,
    notParticipants: (p: { field: string | number; ids: string | number }) =>
      `${p.field}: not participants of this pool: ${p.ids}.`,
    leadAlreadyClaimed: "Someone else already has this lead: it is no longer open to claim.",
    notOfferedToYou: "This lead is not open to you: claim only leads offered to you or waiting in the pond of a pool you take part in.",
    duplicateConnections: (p: { items: string | number }) =>
      `connections: items ${p.items} repeat another connection field for field.`,
    connectionExists: (p: { id: string | number }) =>
      `This pool already has a connection with exactly these fields (${p.id}).`,
    universalWebhookOff: "The generic webhook connection needs the universal lead webhook integration, which is off. An owner or admin can switch it on in Settings → Organization.",
    genericWebhookTaken: (p: { name: string | number }) =>
      `Another pool (${p.name}) already holds the generic webhook connection; only one pool per organization may.`,
  },
  messaging: {
    notConfigured: "WhatsApp messaging is not configured on this server (WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are not set), so nothing can be sent or received.",
    noSender: "No WhatsApp sender is connected. An owner or admin can connect one in Settings → Messaging.",
    senderRequired: (p: { count: string | number }) =>
      `This organization has ${p.count} WhatsApp senders: choose one with \`senderId\` (see GET /whatsapp/senders).`,
    senderNotFound: "WhatsApp sender not found.",
    messageNotFound: "WhatsApp message not found.",
    senderNeedsReconnect: (p: { number: string | number; reason: string | number }) =>
      `The WhatsApp sender ${p.number} needs reconnecting: WhatsApp refused its access token (${p.reason}). An owner or admin must enter a new token in Settings → Messaging.`,
    senderForbidden: (p: { number: string | number; reason: string | number }) =>
      `WhatsApp refused to let the sender ${p.number} do this: ${p.reason}. Check the token's permissions (whatsapp_business_messaging).`,
    rejected: (p: { reason: string | number }) =>
      `WhatsApp refused the message: ${p.reason}`,
    windowClosed: "More than 24 hours have passed since this contact last wrote: only an approved template reaches them now.",
    undeliverable: "This number cannot receive WhatsApp messages (it is not on WhatsApp, or its app is too old or has not accepted WhatsApp's terms). Nothing was sent.",
    spamLimited: "WhatsApp is restricting how many messages this number may send because earlier messages were blocked or reported as spam. Check the number's quality in WhatsApp Manager; nothing was sent.",
    throttled: (p: { reason: string | number; retryAfter: string | number }) =>
      `WhatsApp is limiting how fast this number can send (${p.reason}). Nothing was sent; retry in ${p.retryAfter} s.`,
    pairThrottled: (p: { reason: string | number; retryAfter: string | number }) =>
      `Too many messages to this contact in a short time (${p.reason}). Nothing was sent; retry in ${p.retryAfter} s.`,
    unavailable: (p: { reason: string | number; retryAfter: string | number }) =>
      `WhatsApp cannot be reached right now (${p.reason}). Nothing was sent; retry in ${p.retryAfter} s.`,
    providerError: (p: { reason: string | number }) =>
      `WhatsApp failed to process the request (${p.reason}). Nothing was sent; it is safe to retry.`,
    timeout: (p: { seconds: string | number }) =>
      `WhatsApp did not answer within ${p.seconds} s. The message may still be delivered: check the conversation before sending it again.`,
    senderInUse: "This WhatsApp number is already connected to another organization. Disconnect it there first.",
    verificationFailed: (p: { reason: string | number }) =>
      `WhatsApp did not accept these details: ${p.reason}`,
    badSignature: "Missing or invalid X-Hub-Signature-256: the body must be signed with the app secret.",
    badVerifyToken: "The verify token does not match WHATSAPP_VERIFY_TOKEN.",
  },
  team: {
    ownersOnly: "Only owners can invite owners, or change or remove an owner.",
    othersOutOfOffice: "Only owners and admins set another member's out-of-office dates.",
    othersWorkingHours: "Only owners and admins set another member's working hours.",
    lastOwner: "An organization keeps at least one owner: make someone else owner first.",
    ownVerification: "Confirm your own address from your profile.",
    alreadyMember: "This person is already a member of the organization.",
    invitationClosed: "This invitation has expired, was revoked or was already used. Ask for a new one.",
    invitationOtherEmail: "This invitation is for another email address. Sign in with that address to accept it.",
    accountExists: "An account with this email already exists: sign in to accept the invitation.",
    teamNameTaken: "Another team already has this name.",
    notMembers: (p: { ids: string | number }) => `Not members of this organization: ${p.ids}.`,
    alreadyInTeam: (p: { people: string | number }) =>
      `A member belongs to one team at most; already in another team: ${p.people}. Take them out of it first.`,
    teamsChangedMeanwhile: "Teams were changed by someone else at the same time. Reload and try again.",
  },
  sandbox: {
    notSent: (p: { provider: string | number }) => `This is a sandbox organization: ${p.provider} is never called from a sandbox, so nothing was sent.`,
    exists: "This organization already has a sandbox.",
    ofSandbox: "A sandbox cannot have a sandbox of its own.",
  },
  leadSources: {
    notConfigured: "Meta Lead Ads is not configured on this server (META_APP_ID, META_APP_SECRET and META_LEADS_VERIFY_TOKEN are not set), so no ad form can send leads.",
    pageNotFound: "Lead source not found.",
    pageInUse: "This page is already connected to another organization. Disconnect it there first.",
    verificationFailed: (p: { reason: string | number }) =>
      `Meta did not accept this page and token: ${p.reason}`,
    permissionMissing: (p: { reason: string | number }) =>
      `Meta refused: ${p.reason}. The page token needs leads_retrieval, pages_manage_metadata, pages_show_list, pages_read_engagement and ads_management.`,
    unavailable: (p: { reason: string | number }) =>
      `Meta cannot be reached right now (${p.reason}). Nothing was connected; retry shortly.`,
    badSignature: "X-Hub-Signature-256 is missing or wrong: the body must be signed with the Meta app's secret.",
    badVerifyToken: "The verify token does not match META_LEADS_VERIFY_TOKEN.",
    unknownQuestion: (p: { keys: string | number }) =>
      `fieldMapping: unknown target for ${p.keys}.`,
  },
  calendar: {
    notConfigured: "Google Calendar is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set), so no member can use a calendar.",
    reconnect: "This member's Google Calendar is not connected, or its authorization expired or was revoked. The member must reconnect it in the dashboard (Profile → Calendar).",
    userIdRequired: "`userId` is required with an API key: name the member whose calendar to use.",
    invalidMember: "The user is not a member of the organization.",
    unavailable: (p: { reason: string | number }) =>
      `Google Calendar cannot be reached right now (${p.reason}). Nothing was changed; retry shortly.`,
    colleagueCalendar:
      "You can use only your own calendar. Owners and admins can reach a colleague's calendar for the meetings created in inmo.",
    colleagueEvent: "On a colleague's calendar only meetings created in inmo can be changed or cancelled.",
  },
  sequences: {
    onlyDraftEdited: "Only draft sequences can be edited",
    onlyDraftDeleted: "Only draft sequences can be deleted; launched sequences keep their contact history",
    onlyDraftLaunched: "Only draft sequences can be launched",
    emptyAudience: "No eligible leads match this sequence's criteria",
    audienceTooLarge: "Audience too large (over 5000 eligible leads). Narrow the criteria before launching.",
    onlyRunningPaused: "Only running sequences can be paused",
    onlyPausedResumed: "Only paused sequences can be resumed",
    unknownStages: (p: { ids: string | number }) =>
      `criteria.stageIds: ${p.ids} is not a pipeline stage of this organization`,
    webhookDialerNeedsWebhooks: "The webhook dialer sends leads' data to an outside URL: choosing it needs the webhooks:manage scope (owners and admins).",
    callTaskNotFound: "Call task not found.",
  },
  intake: {
    externalIdTaken: (p: { leadId: string | number }) =>
      `externalId: another lead of this source already has it (${p.leadId}).`,
    mergedInto: (p: { leadId: string | number }) =>
      `Lead not found: it was merged into ${p.leadId}.`,
    mergeNotFound: "Merge not found on this lead.",
    mergeUndone: "This merge was already undone.",
    mergeExpired: "This merge is more than 30 days old and can no longer be undone.",
    importTooLarge: (p: { megabytes: string | number }) => `file: larger than ${p.megabytes} MB; split it into smaller files.`,
    importUnreadable: "file: not a CSV file that can be read (check the quotes).",
    importEmpty: "file: no header line and no rows.",
    importTooManyRows: (p: { max: string | number }) => `file: more than ${p.max} rows; split it into smaller files.`,
    importNoContactColumn: "mapping: map a column to email or phone; every lead needs one of them.",
    importBadColumn: "mapping: a column index outside the file.",
    importNotFound: "Import not found.",
    importNotFinished: "This import is still running; undo it once it has finished.",
    importUndone: "This import was already undone.",
    importExpired: "This import is more than 24 hours old and can no longer be undone.",
    importImporterGone: "The person who started this import is no longer a member of the organization.",
    mergeSupersededBy: (p: { leadId: string | number }) =>
      `A lead of this merge was merged again since (into ${p.leadId}); undo that merge first.`,
  },
  internal: "Unexpected error. It is safe to retry after a short backoff.",
};

export type ServerMessages = typeof en;
