import type { Intent } from './phrasebook.ts';

/**
 * Recognises what a task title is about from its verb (or, failing that, a telling noun),
 * in any of the six languages, whatever language the user reads. Deterministic and pure.
 *
 * Keywords are written naturally (accents, hamza, nukta) and normalised like the title.
 * A trailing `*` matches a word prefix; a space separates the words of a phrase.
 */
type KeywordIntent = Exclude<Intent, 'general'>;

const KEYWORDS: Record<KeywordIntent, { verbs: string[]; nouns: string[] }> = {
  write: {
    verbs: [
      ...['write', 'writes', 'writing', 'rewrite', 'draft*', 'compose', 'jot down'],
      ...['escrib*', 'redact*'],
      ...['écri*', 'rédig*'],
      ...['schreib*', 'verfass*', 'entwirf', 'entwerf*'],
      ...['اكتب*', 'كتابة', 'صياغة', 'صغ', 'حرر'],
      ...['लिख*'],
    ],
    nouns: [
      ...['report', 'essay', 'article', 'letter', 'proposal', 'blog post', 'newsletter', 'speech'],
      ...['informe', 'artículo', 'carta', 'ensayo', 'discurso'],
      ...['rapport', 'lettre', 'dissertation', 'discours'],
      ...['bericht', 'artikel', 'brief', 'aufsatz', 'rede'],
      ...['تقرير', 'مقال', 'مقالة', 'رسالة', 'خطاب'],
      ...['रिपोर्ट', 'लेख', 'पत्र', 'निबंध', 'भाषण'],
    ],
  },
  fix: {
    verbs: [
      ...['fix', 'fixes', 'fixing', 'repair*', 'debug*', 'resolve', 'solve', 'patch'],
      ...['arregl*', 'repar*', 'corrig*', 'correg*', 'solucion*'],
      ...['répar*', 'corrig*', 'résoudre', 'résous', 'dépann*'],
      ...['reparier*', 'beheb*', 'behob*', 'korrigier*', 'fixen'],
      ...['اصلح*', 'إصلاح', 'صلح', 'عالج', 'معالجة', 'حل', 'صحح', 'تصحيح'],
      ...['ठीक', 'सुधार*', 'मरम्मत', 'फ़िक्स'],
    ],
    nouns: [
      ...['bug', 'bugs', 'error', 'crash', 'leak', 'broken', 'outage'],
      ...['fallo', 'avería', 'fuga', 'roto'],
      ...['erreur', 'panne', 'fuite', 'cassé'],
      ...['fehler', 'defekt', 'kaputt', 'absturz'],
      ...['خطأ', 'عطل', 'تسريب', 'مكسور'],
      ...['बग', 'त्रुटि', 'ख़राबी', 'लीक'],
    ],
  },
  buy: {
    verbs: [
      ...['buy', 'buying', 'purchase', 'order', 'shop'],
      ...['compr*', 'pedir', 'encarg*'],
      ...['achet*', 'achat*', 'commander'],
      ...['kauf*', 'einkauf*', 'bestell*', 'besorg*'],
      ...['اشتر*', 'شراء', 'اطلب'],
      ...['ख़रीद*', 'मँगा*', 'ऑर्डर'],
    ],
    nouns: [
      ...['groceries', 'shopping', 'gift'],
      ...['supermercado', 'regalo', 'mercado'],
      ...['courses', 'cadeau', 'supermarché'],
      ...['lebensmittel', 'geschenk', 'supermarkt'],
      ...['مشتريات', 'بقالة', 'هدية', 'سوبرماركت'],
      ...['किराना', 'राशन', 'तोहफ़ा', 'उपहार'],
    ],
  },
  call: {
    verbs: [
      ...['call', 'calls', 'calling', 'phone', 'ring', 'dial', 'call back'],
      ...['llam*', 'telefone*'],
      ...['appel*', 'rappel*', 'téléphon*'],
      ...['anruf*', 'ruf', 'rufe', 'zurückruf*', 'telefonier*'],
      ...['اتصل*', 'اتصال', 'كلم', 'مكالمة', 'هاتف'],
      ...['फ़ोन', 'कॉल'],
    ],
    nouns: [],
  },
  plan: {
    verbs: [
      ...['plan', 'plans', 'planning', 'map out'],
      ...['planear', 'planea', 'planifi*'],
      ...['planifi*', 'prévoir', 'prévois'],
      ...['plan', 'planen', 'plane', 'planung'],
      ...['خطط*', 'تخطيط', 'خطة'],
      ...['योजना', 'प्लान'],
    ],
    nouns: [
      ...['trip', 'vacation', 'holiday', 'party', 'event', 'wedding', 'birthday', 'roadmap', 'budget'],
      ...['viaje', 'vacaciones', 'fiesta', 'evento', 'boda', 'cumpleaños', 'presupuesto'],
      ...['voyage', 'vacances', 'fête', 'soirée', 'événement', 'mariage', 'anniversaire'],
      ...['reise', 'urlaub', 'party', 'feier', 'hochzeit', 'geburtstag', 'budget'],
      ...['رحلة', 'عطلة', 'إجازة', 'حفلة', 'حفل', 'زفاف', 'عيد ميلاد', 'ميزانية'],
      ...['यात्रा', 'छुट्टी', 'छुट्टियाँ', 'पार्टी', 'शादी', 'जन्मदिन', 'बजट'],
    ],
  },
  prepare: {
    verbs: [
      ...['prepare', 'prepares', 'preparing', 'prep', 'get ready'],
      ...['prepar*', 'alist*'],
      ...['prépar*'],
      ...['vorbereit*', 'bereite'],
      ...['جهز*', 'تجهيز', 'حضر', 'تحضير', 'إعداد', 'استعد*'],
      ...['तैयार*'],
    ],
    nouns: [
      ...['presentation', 'interview', 'exam', 'pitch', 'workshop'],
      ...['presentación', 'entrevista', 'examen', 'charla', 'taller'],
      ...['présentation', 'entretien', 'examen', 'exposé', 'atelier'],
      ...['präsentation', 'vortrag', 'vorstellungsgespräch', 'prüfung', 'klausur', 'workshop'],
      ...['عرض تقديمي', 'مقابلة عمل', 'امتحان', 'اختبار نهائي', 'ورشة'],
      ...['प्रस्तुति', 'प्रेज़ेंटेशन', 'इंटरव्यू', 'साक्षात्कार', 'परीक्षा'],
    ],
  },
  review: {
    verbs: [
      ...['review*', 'proofread*', 'check', 'revise', 'audit', 'go over', 'look over'],
      ...['revis*', 'comprob*', 'chequear'],
      ...['relire', 'relis', 'réviser', 'révise', 'vérifi*', 'contrôler'],
      ...['prüf*', 'überprüf*', 'durchseh*', 'durchgeh*', 'kontrollier*', 'korrekturles*'],
      ...['راجع*', 'مراجعة', 'دقق', 'تدقيق', 'افحص', 'فحص'],
      ...['समीक्षा', 'जाँच*', 'जांच*', 'रिव्यू'],
    ],
    nouns: [...['pull request', 'pr'], ...['borrador'], ...['brouillon'], ...['entwurf'], ...['مسودة'], ...['मसौदा']],
  },
  clean: {
    verbs: [
      ...['clean*', 'tidy', 'declutter', 'wash', 'vacuum', 'dust', 'mop', 'scrub'],
      ...['limpi*', 'lavar', 'lava', 'friega', 'fregar', 'barrer', 'aspirar'],
      ...['nettoy*', 'laver', 'lave', 'aspirer', 'faire le ménage'],
      ...['putz*', 'reinig*', 'aufräum*', 'räume', 'wasch*', 'staubsaug*', 'saugen', 'wisch*'],
      ...['نظف*', 'تنظيف', 'اغسل', 'غسل', 'امسح'],
      ...['साफ़*', 'सफ़ाई', 'धो*', 'झाड़*'],
    ],
    nouns: [
      ...['laundry', 'dishes', 'garage'],
      ...['ropa sucia', 'platos'],
      ...['lessive', 'vaisselle'],
      ...['wäsche', 'geschirr'],
      ...['الغسيل', 'الأطباق'],
      ...['कपड़े', 'बर्तन'],
    ],
  },
  learn: {
    verbs: [
      ...['learn*', 'study', 'studying', 'practice', 'practise', 'memorize', 'memorise'],
      ...['aprend*', 'estudi*', 'practic*', 'memoriz*'],
      ...['apprend*', 'étudi*', 'entraîn*', 'mémoris*'],
      ...['lern*', 'üben', 'übe', 'studier*', 'pauk*'],
      ...['تعلم*', 'ادرس', 'دراسة', 'ذاكر', 'مذاكرة', 'احفظ', 'تدرب*'],
      ...['सीख*', 'पढ़ाई', 'अभ्यास', 'याद कर*'],
    ],
    nouns: [
      ...['course', 'lesson', 'tutorial', 'homework'],
      ...['curso', 'clase', 'lección', 'tarea', 'deberes'],
      ...['cours', 'leçon', 'devoirs', 'formation'],
      ...['kurs', 'lektion', 'hausaufgaben', 'vokabeln'],
      ...['دورة', 'درس', 'واجب'],
      ...['कोर्स', 'पाठ', 'गृहकार्य', 'होमवर्क'],
    ],
  },
  read: {
    verbs: [
      ...['read', 'reading', 'reread', 'skim'],
      ...['leer', 'lee', 'lea'],
      ...['lire', 'lis', 'lisez'],
      ...['lesen', 'lies', 'lese', 'durchlesen'],
      ...['اقرأ*', 'قراءة'],
      ...['पढ़*'],
    ],
    nouns: [
      ...['book', 'novel'],
      ...['libro', 'novela'],
      ...['livre', 'roman'],
      ...['buch', 'roman'],
      ...['كتاب', 'رواية'],
      ...['किताब', 'उपन्यास', 'पुस्तक'],
    ],
  },
  meet: {
    verbs: [
      ...['meet', 'meets', 'meeting', 'meetup', 'sync', 'catch up', 'standup', 'stand up', 'one on one'],
      ...['reuni*', 'quedar', 'quedada', 'junta'],
      ...['rencontr*', 'réunion', 'retrouver'],
      ...['treff*', 'meeting', 'besprech*', 'sitzung'],
      ...['قابل', 'اجتمع', 'اجتماع', 'لقاء', 'التق*'],
      ...['मिल*', 'मीटिंग', 'बैठक', 'मुलाक़ात'],
    ],
    nouns: [],
  },
  pay: {
    verbs: [
      ...['pay', 'pays', 'paying', 'settle', 'transfer'],
      ...['pagar', 'paga', 'pague', 'abonar', 'transferir'],
      ...['payer', 'paye', 'payez', 'régler', 'virer'],
      ...['bezahl*', 'zahlen', 'zahle', 'überweis*', 'begleich*'],
      ...['ادفع', 'دفع', 'سدد', 'تسديد', 'سداد'],
      ...['भुगतान', 'चुका*', 'जमा कर*', 'भर*'],
    ],
    nouns: [
      ...['invoice', 'bill', 'bills', 'rent', 'tax', 'taxes', 'fee', 'fees', 'loan'],
      ...['factura', 'alquiler', 'impuestos', 'recibo', 'cuota'],
      ...['facture', 'loyer', 'impôts', 'impôt', 'cotisation'],
      ...['rechnung', 'miete', 'steuer', 'steuern', 'gebühr', 'beitrag'],
      ...['فاتورة', 'إيجار', 'ضريبة', 'ضرائب', 'رسوم', 'قسط'],
      ...['बिल', 'किराया', 'टैक्स', 'कर भुगतान', 'फ़ीस', 'शुल्क', 'किस्त'],
    ],
  },
  book: {
    verbs: [
      ...['book', 'booking', 'reserve', 'reservation', 'schedule'],
      ...['reserv*', 'agend*'],
      ...['réserv*', 'prendre rendez vous'],
      ...['buchen', 'buche', 'bucht', 'reservier*'],
      ...['احجز', 'حجز'],
      ...['बुक', 'बुकिंग', 'आरक्षण', 'आरक्षित'],
    ],
    nouns: [
      ...['appointment', 'flight', 'flights', 'hotel', 'tickets', 'table for'],
      ...['cita', 'vuelo', 'billete', 'billetes', 'entradas'],
      ...['rendez vous', 'vol', 'billet', 'billets', 'hôtel'],
      ...['termin', 'flug', 'flüge', 'hotel', 'tickets', 'karten'],
      ...['موعد', 'طيران', 'فندق', 'تذكرة', 'تذاكر'],
      ...['अपॉइंटमेंट', 'फ़्लाइट', 'उड़ान', 'होटल', 'टिकट'],
    ],
  },
  send: {
    verbs: [
      ...['send*', 'email', 'mail', 'submit', 'forward', 'reply', 'post'],
      ...['enviar', 'envia*', 'envie', 'mandar', 'manda', 'mande', 'remit*', 'respond*', 'contest*'],
      ...['envoy*', 'expédi*', 'transmet*', 'répond*'],
      ...['send*', 'schick*', 'verschick*', 'versend*', 'mailen', 'einreich*', 'antwort*'],
      ...['أرسل*', 'إرسال', 'ابعث', 'راسل', 'رد على'],
      ...['भेज*', 'ईमेल', 'मेल कर*', 'जवाब द*'],
    ],
    nouns: [...['package', 'parcel'], ...['paquete'], ...['colis'], ...['paket'], ...['طرد'], ...['पार्सल']],
  },
  update: {
    verbs: [
      ...['update*', 'upgrade*', 'refresh', 'renew', 'migrate'],
      ...['actualiz*', 'renov*', 'migr*'],
      ...['mettre à jour', 'mets à jour', 'actualis*', 'renouvel*', 'migrer'],
      ...['aktualisier*', 'updaten', 'erneuer*', 'verlänger*', 'migrier*'],
      ...['حدث', 'تحديث', 'جدد', 'تجديد', 'ترقية'],
      ...['अपडेट', 'अद्यतन', 'नवीनीकरण', 'रिन्यू'],
    ],
    nouns: [
      ...['passport', 'license', 'licence'],
      ...['pasaporte', 'licencia'],
      ...['passeport', 'permis'],
      ...['reisepass', 'ausweis', 'führerschein'],
      ...['جواز', 'رخصة'],
      ...['पासपोर्ट', 'लाइसेंस'],
    ],
  },
  build: {
    verbs: [
      ...['build*', 'create', 'creating', 'implement*', 'develop*', 'set up', 'design', 'add'],
      ...['constru*', 'crear', 'crea', 'desarroll*', 'implement*', 'diseñ*', 'añad*'],
      ...['construi*', 'créer', 'crée', 'développ*', 'implément*', 'concevoir', 'ajout*'],
      ...['bauen', 'baue', 'baut', 'aufbau*', 'erstell*', 'entwickl*', 'entwickel*', 'implementier*', 'einricht*', 'gestalt*', 'hinzufüg*'],
      ...['بناء', 'أنشئ', 'إنشاء', 'طور', 'تطوير', 'اصنع', 'صمم', 'تصميم', 'أضف', 'إضافة'],
      ...['बना*', 'विकसित', 'निर्माण', 'डिज़ाइन', 'जोड़*'],
    ],
    nouns: [
      ...['feature', 'prototype', 'website', 'app'],
      ...['prototipo', 'web'],
      ...['prototype', 'site'],
      ...['funktion', 'prototyp', 'webseite'],
      ...['ميزة', 'نموذج أولي', 'موقع'],
      ...['फ़ीचर', 'वेबसाइट', 'ऐप'],
    ],
  },
  test: {
    verbs: [
      ...['test', 'tests', 'testing', 'try out', 'qa', 'verify'],
      ...['prueb*', 'probar', 'testear', 'verific*'],
      ...['tester', 'teste', 'testez', 'essay*'],
      ...['test*', 'ausprobier*', 'verifizier*'],
      ...['اختبر*', 'اختبار', 'جرب*', 'تجربة'],
      ...['परीक्षण', 'टेस्ट', 'आज़मा*'],
    ],
    nouns: [],
  },
  deploy: {
    verbs: [
      ...['deploy*', 'release', 'ship', 'launch', 'publish', 'roll out', 'go live'],
      ...['despleg*', 'despli*', 'lanz*', 'publicar', 'publica', 'publique'],
      ...['déploie*', 'déploy*', 'publier', 'publie', 'lancer', 'mettre en production'],
      ...['deployen', 'ausroll*', 'veröffentlich*', 'bereitstell*', 'releasen'],
      ...['انشر', 'نشر', 'أطلق', 'إطلاق'],
      ...['डिप्लॉय', 'तैनात', 'लॉन्च', 'रिलीज़', 'प्रकाशित'],
    ],
    nouns: [...['hotfix', 'rollout'], ...['lanzamiento'], ...['mise en production'], ...['rollout'], ...['الإصدار'], ...['रोलआउट']],
  },
  organize: {
    verbs: [
      ...['organi*', 'sort', 'arrange', 'archive'],
      ...['organi*', 'ordenar', 'ordena', 'clasific*', 'archiv*'],
      ...['organis*', 'ranger', 'trier', 'trie', 'classer', 'archiv*'],
      ...['organisier*', 'ordne', 'ordnen', 'sortier*', 'archivier*'],
      ...['رتب', 'ترتيب', 'نظم', 'تنظيم', 'صنف', 'تصنيف'],
      ...['व्यवस्थित', 'संगठित', 'आयोजित', 'जमा*'],
    ],
    nouns: [
      ...['closet', 'files', 'photos', 'inbox'],
      ...['armario', 'archivos', 'fotos'],
      ...['placard', 'dossiers', 'photos'],
      ...['schrank', 'ablage', 'fotos', 'unterlagen'],
      ...['خزانة', 'ملفات', 'صور'],
      ...['अलमारी', 'फ़ाइलें', 'तस्वीरें'],
    ],
  },
  research: {
    verbs: [
      ...['research*', 'investigate', 'look into', 'explore', 'find out', 'compare', 'look up'],
      ...['investig*', 'averigu*', 'busc*', 'compar*', 'infórmate', 'informarse'],
      ...['recherch*', 'renseign*', 'explorer', 'compar*', 'enquêt*'],
      ...['recherchier*', 'untersuch*', 'herausfind*', 'vergleich*', 'informier*'],
      ...['ابحث', 'بحث', 'استكشف', 'قارن', 'مقارنة', 'استقص*'],
      ...['शोध', 'खोज*', 'रिसर्च', 'अनुसंधान', 'पता कर*', 'तुलना'],
    ],
    nouns: [
      ...['options', 'alternatives'],
      ...['opciones', 'alternativas'],
      ...['options', 'alternatives'],
      ...['optionen', 'alternativen'],
      ...['خيارات', 'بدائل'],
      ...['विकल्प'],
    ],
  },
};

/** Folds away what does not change a word's identity: case, Latin accents, Arabic vowel marks and hamza seats, Hindi nukta and chandrabindu. */
export function normalizeWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0671/g, '\u0627')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

interface Token {
  norm: string;
  /** Attached-prefix variants (Arabic و، ف، ب، ل، ال) that may hide the word itself. */
  variants: string[];
  start: number;
  end: number;
}

interface Keyword {
  intent: KeywordIntent;
  kind: 'verb' | 'noun';
  words: string[];
  prefix: boolean;
  weight: number;
}

const ARABIC = /[\u0600-\u06ff]/;
const ARABIC_PREFIXES = ['وال', 'فال', 'بال', 'كال', 'لل', 'ال', 'و', 'ف', 'ب', 'ل'];
const DEVANAGARI = /[\u0900-\u097f]/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const norm = normalizeWord(match[0]);
    const variants = [norm];
    if (ARABIC.test(norm)) {
      for (const prefix of ARABIC_PREFIXES) {
        if (norm.startsWith(prefix) && norm.length - prefix.length >= 2) variants.push(norm.slice(prefix.length));
      }
    }
    tokens.push({ norm, variants, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function compile(): Keyword[] {
  const list: Keyword[] = [];
  for (const [intent, { verbs, nouns }] of Object.entries(KEYWORDS) as Array<[KeywordIntent, { verbs: string[]; nouns: string[] }]>) {
    for (const [kind, entries] of [
      ['verb', verbs],
      ['noun', nouns],
    ] as const) {
      for (const entry of entries) {
        const prefix = entry.endsWith('*');
        const words = tokenize(prefix ? entry.slice(0, -1) : entry).map((t) => t.norm);
        // Longer and exact keywords are more specific: 'prüfung' (exam) beats 'prüf*' (check);
        // on a tie a verb wins, so 'Book a table' is a booking, not something to read.
        list.push({ intent, kind, words, prefix, weight: words.join(' ').length * 4 + (prefix ? 0 : 2) + (kind === 'verb' ? 1 : 0) });
      }
    }
  }
  return list;
}

const COMPILED = compile();

function matchesAt(tokens: Token[], at: number, keyword: Keyword): boolean {
  if (at + keyword.words.length > tokens.length) return false;
  return keyword.words.every((word, k) => {
    const token = tokens[at + k]!;
    const last = k === keyword.words.length - 1;
    const candidates = k === 0 ? token.variants : [token.norm];
    return candidates.some((c) => (last && keyword.prefix ? c.startsWith(word) : c === word));
  });
}

export interface Recognition {
  intent: Intent;
  /** The title without its verb and filler words: what the task acts on. The whole title when there is no verb. */
  object: string;
}

// Words at the edges of what remains once the verb is gone: prepositions everywhere ("with the
// design team" → "the design team"); German articles too, because a quoted object cannot take
// the case the sentence around it needs ("zu „Küche“", never "zu „die Küche“").
const LEADING_FILLER = new RegExp(
  '^(?:' +
    [
      ...['to', 'with', 'about', 'for', 'on', 'up', 'out', 'off'],
      ...['a', 'al', 'con', 'sobre', 'para'],
      ...['à', 'au', 'aux', 'avec', 'sur', 'pour'],
      ...['mit', 'für', 'über', 'zum', 'zur', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer'],
      ...['مع', 'إلى', 'الى', 'على', 'عن'],
    ].join('|') +
    ')(?:\\s+|$)',
  'iu',
);
const TRAILING_FILLER = new RegExp(
  '(?:^|\\s)(?:' +
    [
      ...['को', 'से', 'का', 'की', 'के', 'में', 'पर', 'लिए', 'के लिए'],
      ...['करें', 'करना', 'करो', 'कीजिए', 'कर', 'करे', 'करनी', 'करने', 'लें', 'लेना', 'दें', 'देना', 'है', 'हैं', 'ना'],
      ...['auf', 'an', 'ab', 'vor', 'ein', 'aus', 'durch', 'nach', 'zurück', 'zu', 'up', 'out'],
    ].join('|') +
    ')$',
  'u',
);

function objectAround(title: string, tokens: Token[], from: number, to: number): string {
  let rest = `${title.slice(0, tokens[from]!.start)} ${title.slice(tokens[to - 1]!.end)}`;
  rest = rest.replace(/\s+/g, ' ').trim();
  for (let guard = 0; guard < 8; guard++) {
    const before = rest;
    rest = rest
      .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
      .replace(LEADING_FILLER, '')
      .replace(TRAILING_FILLER, '');
    if (rest === before) break;
  }
  return rest;
}

export function recognizeIntent(title: string): Recognition {
  const clean = title.replace(/\s+/g, ' ').trim();
  const tokens = tokenize(clean);
  const found: Array<{ keyword: Keyword; at: number }> = [];
  for (let at = 0; at < tokens.length; at++) {
    let best: Keyword | undefined;
    for (const keyword of COMPILED) {
      if ((!best || keyword.weight > best.weight) && matchesAt(tokens, at, keyword)) best = keyword;
    }
    if (best) found.push({ keyword: best, at });
  }
  const verbs = found.filter((f) => f.keyword.kind === 'verb');
  // Hindi puts the main verb last ("सिंक ठीक करने के लिए प्लंबर को फ़ोन करें" is a call); the others lead with it.
  const hindiOrder = tokens.filter((t) => DEVANAGARI.test(t.norm)).length * 2 > tokens.length;
  const verb = hindiOrder ? verbs.at(-1) : verbs[0];
  if (verb) {
    const object = objectAround(clean, tokens, verb.at, verb.at + verb.keyword.words.length);
    return { intent: verb.keyword.intent, object: object || clean };
  }
  const noun = found.find((f) => f.keyword.kind === 'noun');
  return { intent: noun ? noun.keyword.intent : 'general', object: clean };
}
