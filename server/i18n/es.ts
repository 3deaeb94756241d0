import type { ServerMessages } from "./en";

/** Los mensajes de la API en español (mismas claves que en.ts). */
export const es: ServerMessages = {
  validation: {
    required: "es obligatorio",
    wrongType: "tiene un tipo no válido",
    mustBeNumber: "debe ser un número",
    mustBeWholeNumber: "debe ser un número entero",
    mustBeText: "debe ser texto",
    mustBeTrueOrFalse: "debe ser verdadero o falso",
    mustBeList: "debe ser una lista",
    mustBeObject: "debe ser un objeto",
    notEmpty: "no puede estar vacío",
    atLeastCharacters: (p: { min: string | number }) => `al menos ${p.min} caracteres`,
    atMostCharacters: (p: { max: string | number }) => `como máximo ${p.max} caracteres`,
    atLeast: (p: { min: string | number }) => `debe ser como mínimo ${p.min}`,
    moreThan: (p: { min: string | number }) => `debe ser mayor que ${p.min}`,
    atMost: (p: { max: string | number }) => `debe ser como máximo ${p.max}`,
    lessThan: (p: { max: string | number }) => `debe ser menor que ${p.max}`,
    atLeastItems: (p: { min: string | number }) => `elige al menos ${p.min}`,
    atMostItems: (p: { max: string | number }) => `como máximo ${p.max} elementos`,
    multipleOf: (p: { step: string | number }) => `debe ser múltiplo de ${p.step}`,
    oneOf: (p: { values: string | number }) => `debe ser uno de: ${p.values}`,
    unknownFields: (p: { keys: string | number }) => `campos desconocidos: ${p.keys}`,
    invalidFormat: "no tiene un formato válido",
    email: "debe ser un correo electrónico válido",
    url: "debe ser una URL válida",
    id: "no es un identificador válido",
    dateTime: "debe ser una fecha y hora",
    date: "debe ser una fecha",
    decimals: (p: { places: string | number }) => (Number(p.places) === 1 ? "como máximo 1 decimal" : `como máximo ${p.places} decimales`),
    httpUrl: "debe ser una URL absoluta http o https",
    duplicateValues: "no debe repetir un valor",
    httpsUrl: "debe ser una URL absoluta https",
    publicHttpsUrl: "debe ser una URL https pública (puerto 443 u 8443, sin credenciales)",
    currency: "debe ser un código de moneda ISO 4217, como USD, EUR o MXN",
    country: "debe ser un código de país ISO 3166-1 alfa-2, p. ej. MX",
    atLeastOneField: "envía al menos un campo que cambiar",
    atLeastOneFieldOf: (p: { fields: string | number }) => `hace falta al menos un campo (${p.fields})`,
    phoneDigits: (p: { min: string | number; max: string | number }) => `debe tener de ${p.min} a ${p.max} dígitos`,
    phoneMinDigits: (p: { min: string | number }) => `debe tener al menos ${p.min} dígitos`,
    maxKeys: (p: { max: string | number }) => `como máximo ${p.max} claves`,
    searchNeedsOne: "hace falta al menos uno de email, phone o q",
    oneReassignTarget: "indica solo uno: toUserId (un miembro) o toPoolId (un round robin)",
    inTheFuture: "debe ser una fecha futura",
    e164: "debe ser un número internacional en formato E.164, p. ej. +50760001234",
    leadIdOrTo: "envía solo uno de `leadId` y `to`",
    textOrTemplate: "envía solo uno de `text` y `template`",
    offsetDateTime: "debe ser una fecha y hora ISO 8601 con desfase, p. ej. 2026-11-25T00:00:00-05:00 o …Z",
    wallClock: "debe ser una hora local AAAA-MM-DDTHH:mm sin desfase",
    onlyCall: "solo se acepta `call`",
    providerRequired: "es obligatorio cuando el origen es una automatización",
    workflowRequired: "es obligatorio cuando el origen es un flujo de trabajo",
    atLeastOneMember: "elige al menos un miembro",
    enterName: "escribe un nombre",
    enterYourName: "escribe tu nombre",
    enterCompanyName: "escribe el nombre de tu empresa",
    enterPassword: "escribe tu contraseña",
    contactRequired: "un lead necesita un correo o un teléfono",
    notAMember: "no es miembro de esta organización",
    notAStage: "no es una etapa del pipeline de esta organización",
    noSuchProject: "no existe ese proyecto en esta organización",
    noSuchUnit: "no existe esa unidad en esta organización",
    unitOfOtherProject: (p: { project: string | number; other: string | number }) => `pertenece al proyecto ${p.project}, no a ${p.other}`,
    noSuchPool: "no existe ese round robin en esta organización",
    alwaysInAStage: "un lead siempre está en una etapa del pipeline; envía el id de otra etapa (o un estado) para moverlo",
    stageStandsFor: (p: { status: string | number; sent: string | number }) =>
      `la etapa enviada (stageId) corresponde al estado ${p.status}, no a ${p.sent}; envía uno de los dos, o ambos de acuerdo`,
    noStageForStatus: (p: { status: string | number }) => `ninguna etapa del pipeline corresponde a ${p.status}`,
    noPhone: "el lead no tiene número de teléfono",
    providerRefused: (p: { reason: string | number }) => `WhatsApp lo rechazó: ${p.reason}`,
    tokenRefused: (p: { reason: string | number }) => `WhatsApp rechazó este token de acceso: ${p.reason}`,
    tokenLacksPermission: (p: { reason: string | number }) => `a este token de acceso le falta un permiso que WhatsApp exige: ${p.reason}`,
    providerSaid: (p: { reason: string | number }) => `${p.reason}`,
    leadPhoneNotOfCountry: (p: { phone: string | number; country: string | number }) =>
      `el teléfono del lead "${p.phone}" no es un número de ${p.country} ni uno internacional`,
    leadPhoneNotInternational: (p: { phone: string | number }) =>
      `el teléfono del lead "${p.phone}" no es un número internacional; escríbelo con + y el código de país, o configura el país predeterminado de la organización`,
    redirectAbsolute: "debe ser una URL absoluta",
    redirectFragment: "no puede contener un fragmento (#)",
    redirectCredentials: "no puede contener credenciales",
    redirectHttps: "debe usar https (http solo en localhost)",
    slugFormat: "usa solo minúsculas, dígitos y guiones interiores",
    slugNotUuid: "no puede parecer un UUID",
    timeZone: (p: { value: string | number }) => `"${p.value}" no es una zona horaria IANA válida (p. ej. America/Mexico_City)`,
    timeZoneName: "debe ser el nombre de una zona horaria IANA",
    weekdayRepeated: "no repitas un día de la semana",
    metaPhoneNumberId: "debe ser el identificador del número de teléfono que muestra la app de Meta (solo dígitos)",
    metaBusinessAccountId: "debe ser el identificador de la cuenta de WhatsApp Business que muestra la app de Meta (solo dígitos)",
    whatsAppToken: "debe ser un token de acceso de WhatsApp (el token permanente de un usuario del sistema)",
    metaPageId: "debe ser el identificador de la página de Facebook (solo dígitos)",
    metaPageToken: "debe ser el token de acceso de la página que da Meta",
    noSpaces: "no puede contener espacios",
    untilAfterFrom: "debe ser igual o posterior al primer día de ausencia",
    endAfterStart: "debe ser posterior a la hora de inicio",
    budgetCurrency: "es obligatoria cuando indicas un presupuesto",
    budgetRangeOrder: "no puede ser menor que min",
    budgetOrder: "no puede ser menor que budgetMin",
    timeOfDay: "debe tener el formato HH:MM (00:00..23:59)",
    endAfterWorkStart: "debe ser posterior a la hora de inicio",
    mergeFieldLead: "debe ser el id de uno de los leads que se fusionan",
    mergeSelf: "no debe incluir el lead con el que se fusionan los demás",
    uniqueItems: "no debe repetir elementos",
    funnelNeedsProject: "funnelStage y funnelProjectId van juntos",
    leadNeedsHeldUnit: "solo puedes indicarlo en una unidad reservada o vendida",
  },
  auth: {
    missing: "Falta la cabecera Authorization. Envía `Authorization: Bearer <token>`.",
    malformed: "Cabecera Authorization mal formada. Se esperaba `Bearer <token>`.",
    unknown: "Clave de API o token de acceso no válido.",
    tokenExpired: "El token de acceso ha caducado. Renuévalo e inténtalo de nuevo.",
    keyInactive: "Esta clave de API ha sido revocada.",
    keyExpired: "Esta clave de API ha caducado.",
    clientDisabled: "Esta aplicación conectada ha sido desactivada.",
    notBound: "Esta conexión no está vinculada a ninguna organización. Vuelve a conectar y elige una organización.",
    notMember: "El usuario de esta conexión ya no es miembro de la organización.",
    missingScope: (p: { scope: string | number }) =>
      `Esta credencial no tiene el permiso requerido: ${p.scope}.`,
    sessionRequired: "Inicia sesión para continuar.",
    tooManyAttempts: (p: { retryAfter: string | number }) =>
      `Demasiados intentos. Vuelve a intentarlo en ${p.retryAfter} s.`,
    busy: "El servidor está ocupado. Vuelve a intentarlo en unos segundos.",
    managersOnly: "Solo los propietarios y administradores de la organización pueden hacer esto.",
    ownersOnly: "Solo los propietarios de la organización pueden hacer esto.",
  },
  rateLimit: {
    second: (p: { limit: string | number; retryAfter: string | number }) =>
      `Límite de peticiones superado: como máximo ${p.limit} por segundo. Reintenta en ${p.retryAfter} s.`,
    minute: (p: { limit: string | number; retryAfter: string | number }) =>
      `Límite de peticiones superado: como máximo ${p.limit} por minuto. Reintenta en ${p.retryAfter} s.`,
    month: (p: { limit: string | number }) =>
      `Cuota mensual de peticiones agotada (${p.limit} al mes). Se restablece al inicio del próximo mes (UTC).`,
  },
  planLimit: {
    reached: (p: { limit: string | number; max: string | number }) =>
      `Límite del plan alcanzado: ${p.limit} (máximo ${p.max}). Mejora tu plan o elimina registros que no uses.`,
  },
  request: {
    notFound: (p: { method: string | number; path: string | number }) =>
      `No existe el endpoint ${p.method} ${p.path}.`,
    methodNotAllowed: (p: { method: string | number; path: string | number; allowed: string | number }) =>
      `El método ${p.method} no está permitido en ${p.path}. Permitidos: ${p.allowed}.`,
    malformedJson: "El cuerpo JSON está mal formado.",
    unsupportedMediaType: "El cuerpo de la petición debe ser JSON (Content-Type: application/json).",
    tooLarge: "El cuerpo de la petición es demasiado grande.",
    batchTooLarge: (p: { max: string | number }) =>
      `Demasiadas llamadas en un lote: como máximo ${p.max}.`,
    batchNotAllowed: "Las operaciones de cuenta no se pueden agrupar; envíalas de una en una.",
    crossOrigin: "Esta petición debe venir de las propias páginas del panel.",
  },
  idempotency: {
    invalidKey: "Idempotency-Key: debe tener de 1 a 255 caracteres ASCII imprimibles.",
    mismatch: "Esta Idempotency-Key se usó con otra petición en las últimas 24 horas. Usa una clave nueva para una petición nueva.",
    inFlight: (p: { retryAfter: string | number }) =>
      `Una petición con esta Idempotency-Key aún se está procesando. Reintenta en ${p.retryAfter} s para obtener su respuesta.`,
  },
  mail: {
    notConfigured: "El correo saliente no está configurado en este servidor (falta SMTP_URL), así que no se puede enviar ningún correo.",
  },
  account: {
    organizationLimit: (p: { limit: string | number }) =>
      `Ya eres propietario de ${p.limit} organizaciones, el máximo por persona.`,
    dashboardOnly: "Esto solo está disponible para usuarios con sesión iniciada en el panel.",
    emailUnverified: "Confirma antes tu dirección de correo: abre el enlace que te enviamos o pide otro.",
    linkInvalid: "Este enlace no es válido, caducó o ya se usó. Pide uno nuevo.",
  },
  notifications: {
    pushEndpointRefused: "El endpoint de esta suscripción push no es una URL https pública, así que no se le pueden enviar notificaciones.",
  },
  resource: {
    notFound: (p: { resource: string | number }) =>
      `${p.resource} no encontrado.`,
  },
  database: {
    duplicate: "Esto entra en conflicto con un registro que ya existe.",
    recordNotFound: "No se encontró el registro; puede que se acabe de eliminar.",
  },
  webhooks: {
    notFound: "Suscripción de webhook no encontrada.",
    dashboardManaged: "Esta suscripción de webhook se gestiona desde el panel y no se puede eliminar a través de la API.",
    deliveryNotFound: "Entrega de webhook no encontrada.",
    resendNotFailed: (p: { status: string | number }) =>
      `Solo se pueden reenviar entregas fallidas; esta está en estado ${p.status}.`,
    dashboardManagedChange: "Esta suscripción de webhook se gestiona desde el panel; cambia su secreto en Configuración → Webhooks.",
    replayInactive: "Esta suscripción de webhook está inactiva; actívala antes de reenviarle eventos.",
  },
  projects: {
    projectNotFound: "Proyecto no encontrado.",
    unitNotFound: "Unidad no encontrada en este proyecto.",
    writeConflict: "Otra petición modificó el proyecto al mismo tiempo. Reintenta la petición.",
  },
  roundRobin: {
    poolNotFound: "Round robin no encontrado.",
    connectionNotFound: "Conexión no encontrada en este round robin.",
    participantNotFound: "Este miembro no participa en este round robin.",
    nobodyEligible: "Este round robin está inactivo o no tiene participantes activos que sigan siendo miembros, así que no puede recibir estos leads.",
    notMembers: (p: { field: string | number; ids: string | number }) =>
      `${p.field}: no son miembros de esta organización: ${p.ids}.`,
    duplicateParticipants: (p: { ids: string | number }) =>
      `participantIds: cada miembro puede aparecer una sola vez; repetidos: ${p.ids}.`,
    notParticipants: (p: { field: string | number; ids: string | number }) =>
      `${p.field}: no participan en este round robin: ${p.ids}.`,
    leadAlreadyClaimed: "Otra persona ya tiene este lead: ya no se puede reclamar.",
    notOfferedToYou: "Este lead no está abierto para ti: solo puedes reclamar leads que se te ofrecieron o que esperan en la bolsa de un pool en el que participas.",
    duplicateConnections: (p: { items: string | number }) =>
      `connections: los elementos ${p.items} repiten otra conexión campo por campo.`,
    connectionExists: (p: { id: string | number }) =>
      `Este round robin ya tiene una conexión con exactamente estos campos (${p.id}).`,
    universalWebhookOff: "La conexión webhook genérica necesita la integración universal de webhook de leads, que está desactivada. Un propietario o administrador puede activarla en Configuración → Organización.",
    genericWebhookTaken: (p: { name: string | number }) =>
      `Otro round robin (${p.name}) ya tiene la conexión webhook genérica; solo uno por organización puede tenerla.`,
  },
  messaging: {
    notConfigured: "La mensajería de WhatsApp no está configurada en este servidor (faltan WHATSAPP_APP_SECRET y WHATSAPP_VERIFY_TOKEN), así que no se puede enviar ni recibir nada.",
    noSender: "No hay ningún remitente de WhatsApp conectado. Un propietario o administrador puede conectarlo en Configuración → Mensajería.",
    senderRequired: (p: { count: string | number }) =>
      `Esta organización tiene ${p.count} remitentes de WhatsApp: elige uno con \`senderId\` (consulta GET /whatsapp/senders).`,
    senderNotFound: "Remitente de WhatsApp no encontrado.",
    messageNotFound: "Mensaje de WhatsApp no encontrado.",
    senderNeedsReconnect: (p: { number: string | number; reason: string | number }) =>
      `El remitente de WhatsApp ${p.number} necesita reconectarse: WhatsApp rechazó su token de acceso (${p.reason}). Un propietario o administrador debe introducir un token nuevo en Configuración → Mensajería.`,
    senderForbidden: (p: { number: string | number; reason: string | number }) =>
      `WhatsApp no permite al remitente ${p.number} hacer esto: ${p.reason}. Revisa los permisos del token (whatsapp_business_messaging).`,
    rejected: (p: { reason: string | number }) =>
      `WhatsApp rechazó el mensaje: ${p.reason}`,
    windowClosed: "Han pasado más de 24 horas desde el último mensaje de este contacto: ahora solo le llega una plantilla aprobada.",
    undeliverable: "Este número no puede recibir mensajes de WhatsApp (no está en WhatsApp, o su app es muy antigua o no aceptó los términos). No se envió nada.",
    spamLimited: "WhatsApp está restringiendo cuántos mensajes puede enviar este número porque mensajes anteriores fueron bloqueados o denunciados como spam. Revisa la calidad del número en WhatsApp Manager; no se envió nada.",
    throttled: (p: { reason: string | number; retryAfter: string | number }) =>
      `WhatsApp está limitando la velocidad de envío de este número (${p.reason}). No se envió nada; reintenta en ${p.retryAfter} s.`,
    pairThrottled: (p: { reason: string | number; retryAfter: string | number }) =>
      `Demasiados mensajes a este contacto en poco tiempo (${p.reason}). No se envió nada; reintenta en ${p.retryAfter} s.`,
    unavailable: (p: { reason: string | number; retryAfter: string | number }) =>
      `No se puede contactar con WhatsApp ahora mismo (${p.reason}). No se envió nada; reintenta en ${p.retryAfter} s.`,
    providerError: (p: { reason: string | number }) =>
      `WhatsApp no pudo procesar la petición (${p.reason}). No se envió nada; puedes reintentar.`,
    timeout: (p: { seconds: string | number }) =>
      `WhatsApp no respondió en ${p.seconds} s. Puede que el mensaje se entregue igualmente: revisa la conversación antes de volver a enviarlo.`,
    senderInUse: "Este número de WhatsApp ya está conectado a otra organización. Desconéctalo allí primero.",
    verificationFailed: (p: { reason: string | number }) =>
      `WhatsApp no aceptó estos datos: ${p.reason}`,
    badSignature: "Falta X-Hub-Signature-256 o no es válida: el cuerpo debe ir firmado con el secreto de la aplicación.",
    badVerifyToken: "El token de verificación no coincide con WHATSAPP_VERIFY_TOKEN.",
  },
  team: {
    ownersOnly: "Solo los propietarios pueden invitar propietarios, o cambiar o quitar a un propietario.",
    othersOutOfOffice: "Solo los propietarios y administradores fijan las ausencias de otro miembro.",
    othersWorkingHours: "Solo los propietarios y administradores fijan el horario de otro miembro.",
    lastOwner: "Una organización necesita al menos un propietario: nombra antes a otra persona propietaria.",
    ownVerification: "Confirma tu propia dirección desde tu perfil.",
    alreadyMember: "Esta persona ya es miembro de la organización.",
    invitationClosed: "Esta invitación caducó, fue revocada o ya se usó. Pide una nueva.",
    invitationOtherEmail: "Esta invitación es para otra dirección de correo. Inicia sesión con esa dirección para aceptarla.",
    accountExists: "Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.",
    teamNameTaken: "Ya hay otro equipo con este nombre.",
    notMembers: (p: { ids: string | number }) => `No son miembros de esta organización: ${p.ids}.`,
    alreadyInTeam: (p: { people: string | number }) =>
      `Un miembro pertenece a un solo equipo; ya están en otro equipo: ${p.people}. Quítalos de ese equipo primero.`,
    teamsChangedMeanwhile: "Otra persona cambió los equipos al mismo tiempo. Recarga e inténtalo de nuevo.",
  },
  sandbox: {
    notSent: (p: { provider: string | number }) =>
      `Esta es una organización de pruebas (sandbox): desde ella nunca se llama a ${p.provider}, así que no se envió nada.`,
    exists: "Esta organización ya tiene un sandbox.",
    ofSandbox: "Un sandbox no puede tener su propio sandbox.",
  },
  leadSources: {
    notConfigured: "Meta Lead Ads no está configurado en este servidor (faltan META_APP_ID, META_APP_SECRET y META_LEADS_VERIFY_TOKEN), así que ningún formulario de anuncios puede enviar leads.",
    pageNotFound: "Origen de leads no encontrado.",
    pageInUse: "Esta página ya está conectada a otra organización. Desconéctala allí primero.",
    verificationFailed: (p: { reason: string | number }) =>
      `Meta no aceptó esta página y este token: ${p.reason}`,
    permissionMissing: (p: { reason: string | number }) =>
      `Meta lo rechazó: ${p.reason}. El token de la página necesita leads_retrieval, pages_manage_metadata, pages_show_list, pages_read_engagement y ads_management.`,
    unavailable: (p: { reason: string | number }) =>
      `No se puede contactar con Meta ahora mismo (${p.reason}). No se conectó nada; vuelve a intentarlo en un momento.`,
    badSignature: "Falta X-Hub-Signature-256 o no es válida: el cuerpo debe ir firmado con el secreto de la aplicación de Meta.",
    badVerifyToken: "El token de verificación no coincide con META_LEADS_VERIFY_TOKEN.",
    unknownQuestion: (p: { keys: string | number }) =>
      `fieldMapping: destino desconocido para ${p.keys}.`,
  },
  calendar: {
    notConfigured: "Google Calendar no está configurado en este servidor (faltan GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET), así que ningún miembro puede usar un calendario.",
    reconnect: "El Google Calendar de este miembro no está conectado, o su autorización caducó o fue revocada. El miembro debe reconectarlo en el panel (Perfil → Calendario).",
    userIdRequired: "`userId` es obligatorio con una clave de API: indica el miembro cuyo calendario usar.",
    invalidMember: "El usuario no es miembro de la organización.",
    unavailable: (p: { reason: string | number }) =>
      `No se puede contactar con Google Calendar ahora mismo (${p.reason}). No se cambió nada; reintenta en breve.`,
    colleagueCalendar:
      "Solo puedes usar tu propio calendario. Propietarios y administradores pueden acceder al calendario de un compañero para las reuniones creadas en inmo.",
    colleagueEvent: "En el calendario de un compañero solo se pueden cambiar o cancelar las reuniones creadas en inmo.",
  },
  sequences: {
    onlyDraftEdited: "Solo se pueden editar secuencias en borrador",
    onlyDraftDeleted: "Solo se pueden eliminar secuencias en borrador; las secuencias lanzadas conservan su historial de contactos",
    onlyDraftLaunched: "Solo se pueden lanzar secuencias en borrador",
    emptyAudience: "Ningún lead elegible coincide con los criterios de esta secuencia",
    audienceTooLarge: "Audiencia demasiado grande (más de 5000 leads elegibles). Acota los criterios antes de lanzar.",
    onlyRunningPaused: "Solo se pueden pausar secuencias en curso",
    onlyPausedResumed: "Solo se pueden reanudar secuencias en pausa",
    unknownStages: (p: { ids: string | number }) =>
      `criteria.stageIds: ${p.ids} no es una etapa del pipeline de esta organización`,
    webhookDialerNeedsWebhooks: "El marcador por webhook envía datos de los leads a una URL externa: elegirlo requiere el permiso webhooks:manage (propietarios y administradores).",
    callTaskNotFound: "Llamada no encontrada.",
  },
  intake: {
    externalIdTaken: (p: { leadId: string | number }) =>
      `externalId: otro lead de este origen ya lo tiene (${p.leadId}).`,
    mergedInto: (p: { leadId: string | number }) =>
      `Lead no encontrado: se fusionó con ${p.leadId}.`,
    mergeNotFound: "No se encontró esa fusión en este lead.",
    mergeUndone: "Esta fusión ya se deshizo.",
    mergeExpired: "Esta fusión tiene más de 30 días y ya no se puede deshacer.",
    importTooLarge: (p: { megabytes: string | number }) => `file: pesa más de ${p.megabytes} MB; divídelo en archivos más pequeños.`,
    importUnreadable: "file: no es un CSV que se pueda leer (revisa las comillas).",
    importEmpty: "file: no tiene línea de encabezados ni filas.",
    importTooManyRows: (p: { max: string | number }) => `file: tiene más de ${p.max} filas; divídelo en archivos más pequeños.`,
    importNoContactColumn: "mapping: asigna una columna a email o a teléfono; todo lead necesita uno de los dos.",
    importBadColumn: "mapping: un índice de columna fuera del archivo.",
    importNotFound: "No se encontró la importación.",
    importNotFinished: "Esta importación sigue en curso; deshazla cuando haya terminado.",
    importUndone: "Esta importación ya se deshizo.",
    importExpired: "Esta importación tiene más de 24 horas y ya no se puede deshacer.",
    importImporterGone: "La persona que inició esta importación ya no es miembro de la organización.",
    mergeSupersededBy: (p: { leadId: string | number }) =>
      `Un lead de esta fusión se volvió a fusionar después (con ${p.leadId}); deshaz esa fusión primero.`,
  },
  internal: "Error inesperado. Puedes reintentar tras una breve espera.",
};
