/**
 * Server-side message catalogue for API errors, in the organization's language
 * (en, es). Field-level validation reasons stay in English: they name schema
 * paths and are read by developers.
 */
const catalogue = {
  "auth.missing": {
    en: "Missing Authorization header. Send `Authorization: Bearer <token>`.",
    es: "Falta la cabecera Authorization. Envía `Authorization: Bearer <token>`.",
  },
  "auth.malformed": {
    en: "Malformed Authorization header. Expected `Bearer <token>`.",
    es: "Cabecera Authorization mal formada. Se esperaba `Bearer <token>`.",
  },
  "auth.unknown": { en: "Invalid API key or access token.", es: "Clave de API o token de acceso no válido." },
  "auth.tokenExpired": {
    en: "The access token has expired. Refresh it and try again.",
    es: "El token de acceso ha caducado. Renuévalo e inténtalo de nuevo.",
  },
  "auth.keyInactive": { en: "This API key has been revoked.", es: "Esta clave de API ha sido revocada." },
  "auth.keyExpired": { en: "This API key has expired.", es: "Esta clave de API ha caducado." },
  "auth.clientDisabled": {
    en: "This connected app has been disabled.",
    es: "Esta aplicación conectada ha sido desactivada.",
  },
  "auth.notBound": {
    en: "This connection is not bound to an organization. Reconnect and choose an organization.",
    es: "Esta conexión no está vinculada a ninguna organización. Vuelve a conectar y elige una organización.",
  },
  "auth.notMember": {
    en: "The user of this connection is no longer a member of the organization.",
    es: "El usuario de esta conexión ya no es miembro de la organización.",
  },
  "auth.missingScope": {
    en: "This credential lacks the required scope: {scope}.",
    es: "Esta credencial no tiene el permiso requerido: {scope}.",
  },
  "auth.sessionRequired": { en: "Sign in to continue.", es: "Inicia sesión para continuar." },
  "rateLimit.second": {
    en: "Rate limit exceeded: at most {limit} requests per second. Retry after {retryAfter} s.",
    es: "Límite de peticiones superado: como máximo {limit} por segundo. Reintenta en {retryAfter} s.",
  },
  "rateLimit.minute": {
    en: "Rate limit exceeded: at most {limit} requests per minute. Retry after {retryAfter} s.",
    es: "Límite de peticiones superado: como máximo {limit} por minuto. Reintenta en {retryAfter} s.",
  },
  "rateLimit.month": {
    en: "Monthly request quota exhausted ({limit} requests per month). It resets at the start of next month (UTC).",
    es: "Cuota mensual de peticiones agotada ({limit} al mes). Se restablece al inicio del próximo mes (UTC).",
  },
  "planLimit.reached": {
    en: "Plan limit reached: {limit} (at most {max}). Upgrade your plan or remove unused records.",
    es: "Límite del plan alcanzado: {limit} (máximo {max}). Mejora tu plan o elimina registros que no uses.",
  },
  "request.notFound": { en: "No endpoint {method} {path}.", es: "No existe el endpoint {method} {path}." },
  "request.methodNotAllowed": {
    en: "Method {method} is not allowed on {path}. Allowed: {allowed}.",
    es: "El método {method} no está permitido en {path}. Permitidos: {allowed}.",
  },
  "request.malformedJson": { en: "Malformed JSON body.", es: "El cuerpo JSON está mal formado." },
  "request.unsupportedMediaType": {
    en: "Request bodies must be JSON (Content-Type: application/json).",
    es: "El cuerpo de la petición debe ser JSON (Content-Type: application/json).",
  },
  "request.crossOrigin": {
    en: "This request must come from the dashboard's own pages.",
    es: "Esta petición debe venir de las propias páginas del panel.",
  },
  "idempotency.invalidKey": {
    en: "Idempotency-Key: must be 1 to 255 printable ASCII characters.",
    es: "Idempotency-Key: debe tener de 1 a 255 caracteres ASCII imprimibles.",
  },
  "idempotency.mismatch": {
    en: "This Idempotency-Key was used with a different request in the last 24 hours. Use a new key for a new request.",
    es: "Esta Idempotency-Key se usó con otra petición en las últimas 24 horas. Usa una clave nueva para una petición nueva.",
  },
  "idempotency.inFlight": {
    en: "A request with this Idempotency-Key is still being processed. Retry after {retryAfter} s to get its answer.",
    es: "Una petición con esta Idempotency-Key aún se está procesando. Reintenta en {retryAfter} s para obtener su respuesta.",
  },
  "request.tooLarge": { en: "Request body too large.", es: "El cuerpo de la petición es demasiado grande." },
  "mail.notConfigured": {
    en: "Outgoing email is not configured on this server (SMTP_URL is not set), so no email can be sent.",
    es: "El correo saliente no está configurado en este servidor (falta SMTP_URL), así que no se puede enviar ningún correo.",
  },
  "request.batchTooLarge": {
    en: "Too many calls in one batch: at most {max}.",
    es: "Demasiadas llamadas en un lote: como máximo {max}.",
  },
  "request.batchNotAllowed": {
    en: "Account operations cannot be batched; send them one at a time.",
    es: "Las operaciones de cuenta no se pueden agrupar; envíalas de una en una.",
  },
  "auth.tooManyAttempts": {
    en: "Too many attempts. Try again in {retryAfter} s.",
    es: "Demasiados intentos. Vuelve a intentarlo en {retryAfter} s.",
  },
  "auth.busy": {
    en: "The server is busy. Try again in a few seconds.",
    es: "El servidor está ocupado. Vuelve a intentarlo en unos segundos.",
  },
  "account.organizationLimit": {
    en: "You already own {limit} organizations, the most one person can own.",
    es: "Ya eres propietario de {limit} organizaciones, el máximo por persona.",
  },
  "resource.notFound": { en: "{resource} not found.", es: "{resource} no encontrado." },
  "database.duplicate": {
    en: "This conflicts with a record that already exists.",
    es: "Esto entra en conflicto con un registro que ya existe.",
  },
  "database.recordNotFound": {
    en: "The record was not found; it may have just been deleted.",
    es: "No se encontró el registro; puede que se acabe de eliminar.",
  },
  "webhooks.notFound": { en: "Webhook subscription not found.", es: "Suscripción de webhook no encontrada." },
  "webhooks.dashboardManaged": {
    en: "This webhook subscription is managed in the dashboard and cannot be deleted through the API.",
    es: "Esta suscripción de webhook se gestiona desde el panel y no se puede eliminar a través de la API.",
  },
  "webhooks.dashboardManagedChange": {
    en: "This webhook subscription is managed in the dashboard; change its secret in Settings → Webhooks.",
    es: "Esta suscripción de webhook se gestiona desde el panel; cambia su secreto en Configuración → Webhooks.",
  },
  "webhooks.replayInactive": {
    en: "This webhook subscription is inactive; activate it before replaying events to it.",
    es: "Esta suscripción de webhook está inactiva; actívala antes de reenviarle eventos.",
  },
  "webhooks.deliveryNotFound": { en: "Webhook delivery not found.", es: "Entrega de webhook no encontrada." },
  "webhooks.resendNotFailed": {
    en: "Only failed deliveries can be resent; this one is {status}.",
    es: "Solo se pueden reenviar entregas fallidas; esta está en estado {status}.",
  },
  "projects.projectNotFound": { en: "Project not found.", es: "Proyecto no encontrado." },
  "projects.unitNotFound": { en: "Unit not found in this project.", es: "Unidad no encontrada en este proyecto." },
  "projects.writeConflict": {
    en: "The project was changed by another request at the same time. Retry the request.",
    es: "Otra petición modificó el proyecto al mismo tiempo. Reintenta la petición.",
  },
  "roundRobin.poolNotFound": { en: "Round robin pool not found.", es: "Round robin no encontrado." },
  "roundRobin.connectionNotFound": {
    en: "Connection not found on this round robin pool.",
    es: "Conexión no encontrada en este round robin.",
  },
  "roundRobin.participantNotFound": {
    en: "This member is not a participant of this round robin pool.",
    es: "Este miembro no participa en este round robin.",
  },
  "roundRobin.nobodyEligible": {
    en: "This round robin pool is inactive or has no active participant who is still a member, so it cannot take these leads.",
    es: "Este round robin está inactivo o no tiene participantes activos que sigan siendo miembros, así que no puede recibir estos leads.",
  },
  "roundRobin.notMembers": {
    en: "{field}: not members of this organization: {ids}.",
    es: "{field}: no son miembros de esta organización: {ids}.",
  },
  "roundRobin.duplicateParticipants": {
    en: "participantIds: each member may appear once; repeated: {ids}.",
    es: "participantIds: cada miembro puede aparecer una sola vez; repetidos: {ids}.",
  },
  "roundRobin.duplicateConnections": {
    en: "connections: items {items} repeat another connection field for field.",
    es: "connections: los elementos {items} repiten otra conexión campo por campo.",
  },
  "roundRobin.connectionExists": {
    en: "This pool already has a connection with exactly these fields ({id}).",
    es: "Este round robin ya tiene una conexión con exactamente estos campos ({id}).",
  },
  "roundRobin.universalWebhookOff": {
    en: "The generic webhook connection needs the universal lead webhook integration, which is off. An owner or admin can switch it on in Settings → Organization.",
    es: "La conexión webhook genérica necesita la integración universal de webhook de leads, que está desactivada. Un propietario o administrador puede activarla en Configuración → Organización.",
  },
  "roundRobin.genericWebhookTaken": {
    en: "Another pool ({name}) already holds the generic webhook connection; only one pool per organization may.",
    es: "Otro round robin ({name}) ya tiene la conexión webhook genérica; solo uno por organización puede tenerla.",
  },
  "messaging.notConfigured": {
    en: "WhatsApp messaging is not configured on this server (WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are not set), so nothing can be sent or received.",
    es: "La mensajería de WhatsApp no está configurada en este servidor (faltan WHATSAPP_APP_SECRET y WHATSAPP_VERIFY_TOKEN), así que no se puede enviar ni recibir nada.",
  },
  "messaging.noSender": {
    en: "No WhatsApp sender is connected. An owner or admin can connect one in Settings → Messaging.",
    es: "No hay ningún remitente de WhatsApp conectado. Un propietario o administrador puede conectarlo en Configuración → Mensajería.",
  },
  "messaging.senderRequired": {
    en: "This organization has {count} WhatsApp senders: choose one with `senderId` (see GET /whatsapp/senders).",
    es: "Esta organización tiene {count} remitentes de WhatsApp: elige uno con `senderId` (consulta GET /whatsapp/senders).",
  },
  "messaging.senderNotFound": { en: "WhatsApp sender not found.", es: "Remitente de WhatsApp no encontrado." },
  "messaging.messageNotFound": { en: "WhatsApp message not found.", es: "Mensaje de WhatsApp no encontrado." },
  "messaging.senderNeedsReconnect": {
    en: "The WhatsApp sender {number} needs reconnecting: WhatsApp refused its access token ({reason}). An owner or admin must enter a new token in Settings → Messaging.",
    es: "El remitente de WhatsApp {number} necesita reconectarse: WhatsApp rechazó su token de acceso ({reason}). Un propietario o administrador debe introducir un token nuevo en Configuración → Mensajería.",
  },
  "messaging.senderForbidden": {
    en: "WhatsApp refused to let the sender {number} do this: {reason}. Check the token's permissions (whatsapp_business_messaging).",
    es: "WhatsApp no permite al remitente {number} hacer esto: {reason}. Revisa los permisos del token (whatsapp_business_messaging).",
  },
  "messaging.rejected": {
    en: "WhatsApp refused the message: {reason}",
    es: "WhatsApp rechazó el mensaje: {reason}",
  },
  "messaging.windowClosed": {
    en: "More than 24 hours have passed since this contact last wrote: only an approved template reaches them now.",
    es: "Han pasado más de 24 horas desde el último mensaje de este contacto: ahora solo le llega una plantilla aprobada.",
  },
  "messaging.undeliverable": {
    en: "This number cannot receive WhatsApp messages (it is not on WhatsApp, or its app is too old or has not accepted WhatsApp's terms). Nothing was sent.",
    es: "Este número no puede recibir mensajes de WhatsApp (no está en WhatsApp, o su app es muy antigua o no aceptó los términos). No se envió nada.",
  },
  "messaging.spamLimited": {
    en: "WhatsApp is restricting how many messages this number may send because earlier messages were blocked or reported as spam. Check the number's quality in WhatsApp Manager; nothing was sent.",
    es: "WhatsApp está restringiendo cuántos mensajes puede enviar este número porque mensajes anteriores fueron bloqueados o denunciados como spam. Revisa la calidad del número en WhatsApp Manager; no se envió nada.",
  },
  "messaging.throttled": {
    en: "WhatsApp is limiting how fast this number can send ({reason}). Nothing was sent; retry in {retryAfter} s.",
    es: "WhatsApp está limitando la velocidad de envío de este número ({reason}). No se envió nada; reintenta en {retryAfter} s.",
  },
  "messaging.pairThrottled": {
    en: "Too many messages to this contact in a short time ({reason}). Nothing was sent; retry in {retryAfter} s.",
    es: "Demasiados mensajes a este contacto en poco tiempo ({reason}). No se envió nada; reintenta en {retryAfter} s.",
  },
  "messaging.unavailable": {
    en: "WhatsApp cannot be reached right now ({reason}). Nothing was sent; retry in {retryAfter} s.",
    es: "No se puede contactar con WhatsApp ahora mismo ({reason}). No se envió nada; reintenta en {retryAfter} s.",
  },
  "messaging.providerError": {
    en: "WhatsApp failed to process the request ({reason}). Nothing was sent; it is safe to retry.",
    es: "WhatsApp no pudo procesar la petición ({reason}). No se envió nada; puedes reintentar.",
  },
  "messaging.timeout": {
    en: "WhatsApp did not answer within {seconds} s. The message may still be delivered: check the conversation before sending it again.",
    es: "WhatsApp no respondió en {seconds} s. Puede que el mensaje se entregue igualmente: revisa la conversación antes de volver a enviarlo.",
  },
  "messaging.senderInUse": {
    en: "This WhatsApp number is already connected to another organization. Disconnect it there first.",
    es: "Este número de WhatsApp ya está conectado a otra organización. Desconéctalo allí primero.",
  },
  "messaging.verificationFailed": {
    en: "WhatsApp did not accept these details: {reason}",
    es: "WhatsApp no aceptó estos datos: {reason}",
  },
  "messaging.badSignature": {
    en: "Missing or invalid X-Hub-Signature-256: the body must be signed with the app secret.",
    es: "Falta X-Hub-Signature-256 o no es válida: el cuerpo debe ir firmado con el secreto de la aplicación.",
  },
  "messaging.badVerifyToken": {
    en: "The verify token does not match WHATSAPP_VERIFY_TOKEN.",
    es: "El token de verificación no coincide con WHATSAPP_VERIFY_TOKEN.",
  },
  "auth.managersOnly": {
    en: "Only owners and admins of the organization can do this.",
    es: "Solo los propietarios y administradores de la organización pueden hacer esto.",
  },
  "auth.ownersOnly": {
    en: "Only owners of the organization can do this.",
    es: "Solo los propietarios de la organización pueden hacer esto.",
  },
  "account.dashboardOnly": {
    en: "This is available to signed-in dashboard users only.",
    es: "Esto solo está disponible para usuarios con sesión iniciada en el panel.",
  },
  "team.ownersOnly": {
    en: "Only owners can invite owners, or change or remove an owner.",
    es: "Solo los propietarios pueden invitar propietarios, o cambiar o quitar a un propietario.",
  },
  "team.lastOwner": {
    en: "An organization keeps at least one owner: make someone else owner first.",
    es: "Una organización necesita al menos un propietario: nombra antes a otra persona propietaria.",
  },
  "team.teamNameTaken": { en: "Another team already has this name.", es: "Ya hay otro equipo con este nombre." },
  "team.notMembers": {
    en: "Not members of this organization: {ids}.",
    es: "No son miembros de esta organización: {ids}.",
  },
  "team.alreadyInTeam": {
    en: "A member belongs to one team at most; already in another team: {people}. Take them out of it first.",
    es: "Un miembro pertenece a un solo equipo; ya están en otro equipo: {people}. Quítalos de ese equipo primero.",
  },
  "team.teamsChangedMeanwhile": {
    en: "Teams were changed by someone else at the same time. Reload and try again.",
    es: "Otra persona cambió los equipos al mismo tiempo. Recarga e inténtalo de nuevo.",
  },
  "team.alreadyMember": { en: "This person is already a member of the organization.", es: "Esta persona ya es miembro de la organización." },
  "team.invitationClosed": {
    en: "This invitation has expired, was revoked or was already used. Ask for a new one.",
    es: "Esta invitación caducó, fue revocada o ya se usó. Pide una nueva.",
  },
  "team.invitationOtherEmail": {
    en: "This invitation is for another email address. Sign in with that address to accept it.",
    es: "Esta invitación es para otra dirección de correo. Inicia sesión con esa dirección para aceptarla.",
  },
  "team.accountExists": {
    en: "An account with this email already exists: sign in to accept the invitation.",
    es: "Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.",
  },
  "account.emailUnverified": {
    en: "Confirm your email address first: open the link we sent you, or ask for a new one.",
    es: "Confirma antes tu dirección de correo: abre el enlace que te enviamos o pide otro.",
  },
  "account.linkInvalid": {
    en: "This link is invalid, expired or was already used. Ask for a new one.",
    es: "Este enlace no es válido, caducó o ya se usó. Pide uno nuevo.",
  },
  "calendar.notConfigured": {
    en: "Google Calendar is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set), so no member can use a calendar.",
    es: "Google Calendar no está configurado en este servidor (faltan GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET), así que ningún miembro puede usar un calendario.",
  },
  "calendar.reconnect": {
    en: "This member's Google Calendar is not connected, or its authorization expired or was revoked. The member must reconnect it in the dashboard (Profile → Calendar).",
    es: "El Google Calendar de este miembro no está conectado, o su autorización caducó o fue revocada. El miembro debe reconectarlo en el panel (Perfil → Calendario).",
  },
  "calendar.userIdRequired": {
    en: "`userId` is required with an API key: name the member whose calendar to use.",
    es: "`userId` es obligatorio con una clave de API: indica el miembro cuyo calendario usar.",
  },
  "calendar.invalidMember": {
    en: "The user is not a member of the organization.",
    es: "El usuario no es miembro de la organización.",
  },
  "calendar.colleagueCalendar": {
    en: "You can use only your own calendar. Owners and admins can reach a colleague's calendar for the meetings created in inmo.",
    es: "Solo puedes usar tu propio calendario. Propietarios y administradores pueden acceder al calendario de un compañero para las reuniones creadas en inmo.",
  },
  "calendar.colleagueEvent": {
    en: "On a colleague's calendar only meetings created in inmo can be changed or cancelled.",
    es: "En el calendario de un compañero solo se pueden cambiar o cancelar las reuniones creadas en inmo.",
  },
  "calendar.unavailable": {
    en: "Google Calendar cannot be reached right now ({reason}). Nothing was changed; retry shortly.",
    es: "No se puede contactar con Google Calendar ahora mismo ({reason}). No se cambió nada; reintenta en breve.",
  },
  "sequences.onlyDraftEdited": { en: "Only draft sequences can be edited", es: "Solo se pueden editar secuencias en borrador" },
  "sequences.onlyDraftDeleted": {
    en: "Only draft sequences can be deleted; launched sequences keep their contact history",
    es: "Solo se pueden eliminar secuencias en borrador; las secuencias lanzadas conservan su historial de contactos",
  },
  "sequences.onlyDraftLaunched": { en: "Only draft sequences can be launched", es: "Solo se pueden lanzar secuencias en borrador" },
  "sequences.emptyAudience": {
    en: "No eligible leads match this sequence's criteria",
    es: "Ningún lead elegible coincide con los criterios de esta secuencia",
  },
  "sequences.audienceTooLarge": {
    en: "Audience too large (over 5000 eligible leads). Narrow the criteria before launching.",
    es: "Audiencia demasiado grande (más de 5000 leads elegibles). Acota los criterios antes de lanzar.",
  },
  "sequences.onlyRunningPaused": { en: "Only running sequences can be paused", es: "Solo se pueden pausar secuencias en curso" },
  "sequences.onlyPausedResumed": { en: "Only paused sequences can be resumed", es: "Solo se pueden reanudar secuencias en pausa" },
  "sequences.unknownStages": {
    en: "criteria.stageIds: {ids} is not a pipeline stage of this organization",
    es: "criteria.stageIds: {ids} no es una etapa del pipeline de esta organización",
  },
  "sequences.webhookDialerNeedsWebhooks": {
    en: "The webhook dialer sends leads' data to an outside URL: choosing it needs the webhooks:manage scope (owners and admins).",
    es: "El marcador por webhook envía datos de los leads a una URL externa: elegirlo requiere el permiso webhooks:manage (propietarios y administradores).",
  },
  "sequences.callTaskNotFound": { en: "Call task not found.", es: "Llamada no encontrada." },
  "internal": {
    en: "Unexpected error. It is safe to retry after a short backoff.",
    es: "Error inesperado. Puedes reintentar tras una breve espera.",
  },
} as const satisfies Record<string, { en: string; es: string }>;

export type MessageKey = keyof typeof catalogue;
export type Locale = "en" | "es";
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const template = catalogue[key][locale];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
