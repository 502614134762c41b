/**
 * A small general-purpose Spanish/French/German -> English glossary of everyday service
 * vocabulary (actions, common nouns, time words). It is a lexicon, not a list of test
 * sentences: every entry is an ordinary dictionary translation. Keys are diacritic-folded.
 */
const GLOSSARY: Readonly<Record<string, string>> = {
  // --- Spanish verbs
  reservar: 'book reserve',
  reserva: 'book reserve reservation',
  reserve: 'reserve book',
  cancelar: 'cancel',
  cancela: 'cancel',
  anular: 'cancel',
  anula: 'cancel',
  buscar: 'find search',
  busca: 'find search',
  encontrar: 'find',
  encuentra: 'find',
  comprar: 'buy purchase',
  compra: 'buy purchase',
  pagar: 'pay',
  paga: 'pay',
  enviar: 'send ship',
  envia: 'send ship',
  mandar: 'send',
  manda: 'send',
  reproducir: 'play',
  reproduce: 'play',
  pon: 'play put',
  poner: 'put play',
  ver: 'watch see',
  bloquear: 'freeze block',
  bloquea: 'freeze block',
  desbloquear: 'unfreeze unblock',
  transferir: 'transfer',
  transfiere: 'transfer',
  cambiar: 'change switch',
  cambia: 'change switch',
  descargar: 'download',
  descarga: 'download',
  rastrear: 'track',
  seguir: 'track follow',
  programar: 'schedule',
  agendar: 'schedule',
  mover: 'move reschedule',
  mueve: 'move reschedule',
  pedir: 'request order',
  pide: 'request order',
  solicitar: 'request',
  solicita: 'request',
  devolver: 'return',
  devuelve: 'return',
  quiero: 'want',
  necesito: 'need',
  tiempo: 'weather time',
  clima: 'weather',
  // --- Spanish nouns and time words
  mesa: 'table',
  vuelo: 'flight',
  vuelos: 'flights',
  tarjeta: 'card',
  cuenta: 'account',
  paquete: 'parcel package',
  envio: 'shipment',
  pedido: 'order',
  cita: 'appointment',
  medico: 'doctor',
  pastillas: 'pills medication',
  receta: 'prescription',
  factura: 'bill',
  habitacion: 'room',
  hotel: 'hotel',
  directo: 'nonstop direct',
  directos: 'nonstop direct',
  personas: 'people',
  tele: 'tv',
  television: 'tv',
  salon: 'living room',
  presion: 'pressure',
  clase: 'class',
  noche: 'night',
  manana: 'tomorrow',
  hoy: 'today',
  semana: 'week',
  // --- French verbs
  reserver: 'book reserve',
  annuler: 'cancel',
  annule: 'cancel',
  chercher: 'find search',
  cherche: 'find search',
  trouver: 'find',
  trouve: 'find',
  acheter: 'buy purchase',
  payer: 'pay',
  paie: 'pay',
  envoyer: 'send ship',
  envoie: 'send',
  bloquer: 'freeze block',
  bloque: 'freeze block',
  debloquer: 'unfreeze unblock',
  debloque: 'unfreeze unblock',
  virer: 'transfer',
  transferer: 'transfer',
  telecharger: 'download',
  telecharge: 'download',
  suivre: 'track follow',
  jouer: 'play',
  lancer: 'play start',
  lance: 'play start',
  deplacer: 'move reschedule',
  decaler: 'reschedule',
  demander: 'request',
  rembourser: 'refund',
  faut: 'need',
  perdue: 'lost',
  perdu: 'lost',
  // --- French nouns and time words
  carte: 'card',
  bancaire: 'bank',
  compte: 'account',
  colis: 'parcel package',
  vol: 'flight',
  commande: 'order',
  chambre: 'room',
  rendez: 'appointment',
  medecin: 'doctor',
  ordonnance: 'prescription',
  facture: 'bill',
  abonnement: 'subscription',
  soir: 'evening tonight',
  demain: 'tomorrow',
  aujourd: 'today',
  semaine: 'week',
  conge: 'leave time off',
  // --- German verbs
  reservieren: 'book reserve',
  buchen: 'book',
  buche: 'book',
  stornieren: 'cancel',
  storniere: 'cancel',
  absagen: 'cancel',
  kundigen: 'cancel',
  suchen: 'find search',
  suche: 'find search',
  finden: 'find',
  finde: 'find',
  kaufen: 'buy purchase',
  bezahlen: 'pay',
  bezahle: 'pay',
  uberweisen: 'transfer',
  uberweise: 'transfer',
  sperren: 'freeze block',
  sperre: 'freeze block',
  entsperren: 'unfreeze',
  schicken: 'send ship',
  senden: 'send ship',
  versenden: 'ship send',
  herunterladen: 'download',
  abspielen: 'play',
  spielen: 'play',
  verfolgen: 'track',
  verschieben: 'reschedule move',
  beantragen: 'request',
  brauche: 'need',
  kostet: 'cost',
  kosten: 'cost',
  // --- German nouns and time words
  tisch: 'table',
  reservierung: 'reservation',
  flug: 'flight',
  buchung: 'booking',
  karte: 'card',
  konto: 'account',
  paket: 'parcel package',
  sendung: 'shipment',
  bestellung: 'order',
  termin: 'appointment',
  arzt: 'doctor',
  rezept: 'prescription',
  rechnung: 'bill',
  abo: 'subscription',
  zimmer: 'room',
  urlaub: 'vacation time off leave',
  tag: 'day',
  abend: 'evening',
  heute: 'today',
  morgen: 'tomorrow',
  woche: 'week',
  wetter: 'weather',
  viel: 'much',
  wie: 'how',
};

function lookup(token: string): string | undefined {
  return Object.hasOwn(GLOSSARY, token) ? GLOSSARY[token] : undefined;
}

/**
 * German writes noun compounds as one word (Zimmer + Reservierung, Rechnung + s + Konto: a linking
 * "s" may join them), so a word the glossary lacks is read as two glossary words when it splits so.
 */
function glossCompound(token: string): string | undefined {
  if (token.length < 7) return undefined;
  for (let i = 3; i <= token.length - 3; i++) {
    const head =
      lookup(token.slice(0, i)) ?? (token[i - 1] === 's' ? lookup(token.slice(0, i - 1)) : undefined);
    const tail = head === undefined ? undefined : lookup(token.slice(i));
    if (head !== undefined && tail !== undefined) return `${head} ${tail}`;
  }
  return undefined;
}

/** English glosses for one folded token, or undefined when it is not in the glossary. */
export function glossToken(token: string): string | undefined {
  return lookup(token) ?? glossCompound(token);
}

/**
 * General English phrasal verbs and request idioms mapped to the plain verbs they mean.
 * Each entry is a dictionary sense ("call off" = cancel), not a benchmark sentence.
 */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:call|calls|called) off\b/, 'cancel'],
  [/\bgive up\b/, 'cancel release'],
  [/\btake (?:me|us|it|them) off\b/, 'cancel remove'],
  [/\bscrap\b/, 'cancel'],
  [/\b(?:is|are) off\b/, 'cancel'],
  [/\blook(?:ing)? for\b/, 'find search'],
  [/\blook up\b/, 'find retrieve'],
  [/\bpull up\b/, 'retrieve get show'],
  [/\bset aside\b/, 'reserve hold'],
  [/\bput on hold\b|\bput a hold\b/, 'reserve hold'],
  [/\bsign (?:me |us )?up\b/, 'enroll join register'],
  [/\bcheck out\b/, 'purchase buy order'],
  [/\bput (?:me|us) on\b/, 'rebook book join'],
  [/\bput on\b/, 'play'],
  [/\bput in\b/, 'submit request'],
  [/\bsend (?:it|them) off\b/, 'submit'],
  [/\bput (?:his|her|their) name forward\b/, 'refer'],
  [/\bturn (?:it|them) back on\b/, 'unfreeze reactivate enable'],
  [/\bturn off\b/, 'disable'],
  [/\bmove (?:it|them)?\s*to\b/, 'reschedule move'],
  [/\bpush (?:it|them)?\s*to\b/, 'reschedule move'],
  [/\bhow much (?:would|will|does|do) it cost\b/, 'quote price cost'],
  [/\bhow much (?:money )?do i have\b/, 'balance retrieve'],
  [/\bwhat should i watch\b/, 'recommend'],
  [/\bwhere(?:'s| is) my\b/, 'track status'],
  // Asking whether something exists asks whether it is available ("is there a table", "any rooms free").
  [
    /^(?:is|are) there (?:a|an|any)\b|\bdo you have (?:a|an|any)\b|^any (?:free |open )?[a-z]+ (?:for|at|on)\b/,
    'find available open',
  ],
  [/\bwhen will\b/, 'track status'],
  [/\bget me\b/, 'get'],
  [/\bnever (?:came|showed up|arrived)\b|\bdidn'?t arrive\b/, 'lost missing'],
  [/\brunning out\b|\balmost out\b/, 'refill replenish'],
];

/** Extra English words implied by idioms in the (folded) instruction. */
export function phraseExpansions(foldedText: string): string[] {
  const out: string[] = [];
  for (const [re, words] of PHRASES) if (re.test(foldedText)) out.push(...words.split(' '));
  return out;
}
