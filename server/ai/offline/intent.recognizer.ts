import type { Intent } from './phrasebook.ts';

/**
 * Recognises what a task title is about, in any of the six languages, whatever language the
 * user reads. Deterministic and pure.
 *
 * Every word of the title is looked up in the keyword lists below (the longest, most exact
 * keyword wins at each place, and a phrase such as "blood test" covers its words). A verb
 * decides: in Hindi the last one, since Hindi puts the main verb last; elsewhere the first.
 * Some verbs say little on their own ("fix", "plan", "book", "buy", "check"): they give way to a
 * telling word anywhere in the title (GIVES_WAY), so "Fix the leaking kitchen tap" is plumbing
 * and "Book a dentist appointment" an appointment. Without a verb a telling noun decides (the
 * last one in Hindi, whose noun phrases end in their head: "बिजली का बिल"); otherwise `general`.
 *
 * Keywords are written naturally (accents, hamza, nukta) and normalised like the title.
 * A trailing `*` matches a word prefix, a leading `*` a word ending (German compounds:
 * "*arzt" finds "Zahnarzt"); a space separates the words of a phrase.
 */
type KeywordIntent = Exclude<Intent, 'general'>;

/**
 * Words that say water gets out (or must be kept in) without saying where. At a tap, a sink, a
 * toilet or a pipe that is plumbing; through the building's shell — a roof, a wall, a ceiling, a
 * window, a gutter — it is a repair for a roofer or a builder, and turning off the water does not
 * stop the rain. So a title whose only plumbing words are these and that names a part of the
 * shell is a repair: "Repair leaking roof", "Dach abdichten", "छत से पानी टपक रहा है".
 */
const LEAK_NOUNS = [
  ...['leak*', 'drip*'],
  ...['fuga', 'fugas', 'gotea', 'goteo', 'filtración', 'filtraciones'],
  ...['fuite', 'fuites', 'goutte', 'infiltration*'],
  ...['leck', 'undicht*', 'tropft', 'tropfend*'],
  ...['تسريب', 'تسرب', 'يقطر', 'تنقيط'],
  ...['लीक', 'रिसाव'],
];
const LEAK_VERBS = ['abdicht*', 'टपक*'];
const BUILDING_SHELL = [
  ...['roof', 'ceiling', 'wall', 'walls', 'window', 'gutter', 'gutters', 'skylight'],
  ...['tejado', 'techo', 'pared', 'paredes', 'muro', 'ventana', 'canalón'],
  ...['toit', 'toiture', 'plafond', 'mur', 'murs', 'fenêtre', 'gouttière'],
  ...['dach', 'decke', 'wand', 'mauer', 'fenster', 'dachrinne'],
  ...['سقف', 'جدار', 'حائط', 'نافذة', 'شباك'],
  ...['छत', 'दीवार', 'खिड़की'],
];

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
      ...['report', 'essay', 'article', 'letter', 'proposal', 'blog post', 'newsletter', 'speech', 'cover letter'],
      ...['informe', 'artículo', 'carta', 'ensayo', 'discurso'],
      ...['rapport', 'lettre', 'dissertation', 'discours'],
      ...['bericht', 'artikel', 'brief', 'aufsatz', 'rede', 'bewerbung*'],
      ...['تقرير', 'مقال', 'مقالة', 'رسالة', 'خطاب'],
      ...['रिपोर्ट', 'लेख', 'पत्र', 'निबंध', 'भाषण'],
    ],
  },
  // Software and other faults: its generic verbs ("fix", "arreglar", "ठीक") give way to a
  // household object (GIVES_WAY), so only a bug, an error or a title naming nothing else lands here.
  fix: {
    verbs: [
      ...['fix', 'fixes', 'fixing', 'debug*', 'resolve', 'solve', 'patch', 'troubleshoot'],
      ...['arregl*', 'corrig*', 'correg*', 'solucion*', 'depur*'],
      ...['corrig*', 'résoudre', 'résous', 'dépann*', 'débogu*'],
      ...['beheb*', 'behob*', 'korrigier*', 'fixen', 'debugg*'],
      ...['اصلح*', 'إصلاح', 'صلح', 'تصليح', 'عالج', 'معالجة', 'حل', 'صحح', 'تصحيح'],
      ...['ठीक', 'सुधार*', 'फ़िक्स', 'डीबग'],
    ],
    nouns: [
      ...['bug', 'bugs', 'error', 'errors', 'crash', 'crashes', 'outage', 'exception', 'regression', 'memory leak', 'stack trace'],
      ...['fallo', 'error', 'errores', 'caída'],
      ...['erreur', 'erreurs', 'plantage'],
      ...['fehler', 'absturz', 'bugfix'],
      ...['خطأ', 'أخطاء', 'عطل برمجي'],
      ...['बग', 'त्रुटि', 'एरर'],
    ],
  },
  // Home repair: things in a house, a bike or a car, and the verbs that only ever mean mending.
  // A leak through the roof, a wall or a ceiling too (LEAK_NOUNS above).
  repair: {
    verbs: [
      ...['repair*', 'mend'],
      ...['repar*'],
      ...['répar*'],
      ...['reparier*', 'flick*', 'austausch*'],
      ...['صيانة', 'رمم', 'ترميم'],
      ...['मरम्मत', 'रिपेयर'],
    ],
    nouns: [
      ...BUILDING_SHELL,
      ...['damp', 'gotera', 'goteras', 'सीलन'],
      ...['door', 'fence', 'gate', 'lock', 'hinge', 'shelf', 'shelves', 'drawer', 'chair', 'furniture'],
      ...['bike', 'bicycle', 'car', 'tyre', 'tire', 'flat tyre', 'puncture'],
      ...['washing machine', 'dishwasher', 'fridge', 'freezer', 'oven', 'heating', 'heater', 'boiler', 'air conditioner'],
      ...['light', 'lamp', 'bulb', 'light bulb', 'socket', 'fuse', 'smoke alarm', 'tiles', 'blinds'],
      ...['printer', 'router', 'wifi', 'zip', 'zipper'],
      ...['puerta', 'cerradura', 'bici', 'bicicleta', 'coche', 'rueda', 'pinchazo', 'avería'],
      ...['lavadora', 'lavavajillas', 'nevera', 'frigorífico', 'horno', 'calefacción', 'lámpara', 'bombilla', 'enchufe'],
      ...['estantería', 'silla', 'mueble', 'persiana', 'impresora', 'valla'],
      ...['porte', 'serrure', 'vélo', 'voiture', 'pneu', 'crevaison', 'panne', 'lave linge', 'machine à laver'],
      ...['lave vaisselle', 'frigo', 'réfrigérateur', 'chauffage', 'lampe', 'ampoule', 'étagère', 'chaise', 'meuble'],
      ...['volet', 'volets', 'imprimante', 'box internet', 'clôture'],
      ...['tür', '*tür', 'schloss', 'fahrrad', 'auto', 'reifen', 'platten', 'waschmaschine', 'spülmaschine'],
      ...['geschirrspüler', 'kühlschrank', 'ofen', 'backofen', 'heizung', 'lampe', 'glühbirne', 'steckdose', 'regal', 'stuhl'],
      ...['möbel', 'rollladen', 'rollo', 'drucker', 'router', 'wlan', 'zaun', 'fliesen', 'werkstatt'],
      ...['باب', 'قفل', 'دراجة', 'سيارة', 'غسالة', 'ثلاجة', 'براد', 'فرن', 'تدفئة', 'مكيف'],
      ...['مصباح', 'لمبة', 'مقبس', 'رف', 'كرسي', 'أثاث', 'طابعة', 'راوتر', 'مروحة'],
      ...['दरवाज़ा', 'दरवाज़े', 'ताला', 'साइकिल', 'गाड़ी', 'कार', 'टायर', 'पंक्चर', 'वॉशिंग मशीन'],
      ...['फ़्रिज', 'पंखा', 'बल्ब', 'लाइट', 'स्विच', 'कुर्सी', 'प्रिंटर', 'राउटर', 'वाईफ़ाई', 'एसी', 'कूलर', 'गीज़र'],
    ],
  },
  // Home repair where water runs: the steps start by turning it off.
  plumbing: {
    verbs: [...['unblock', 'unclog'], ...['desatasc*'], ...['débouch*'], ...['entstopf*'], ...['تسليك'], ...LEAK_VERBS],
    nouns: [
      ...LEAK_NOUNS,
      ...['tap', 'taps', 'faucet', 'sink', 'toilet', 'cistern', 'drain', 'pipe', 'pipes', 'shower', 'shower head'],
      ...['plumber', 'plumbing', 'water heater', 'radiator', 'blocked', 'clogged'],
      ...['grifo', 'fregadero', 'lavabo', 'váter', 'inodoro', 'cisterna', 'desagüe', 'tubería'],
      ...['atasco', 'atascado', 'ducha', 'fontanero', 'calentador', 'radiador'],
      ...['robinet', 'évier', 'lavabo', 'toilettes', 'wc', 'chasse d eau', 'canalisation', 'tuyau'],
      ...['douche', 'plombier', 'chauffe eau', 'radiateur', 'bouché', 'bouchée'],
      ...['wasserhahn', '*hahn', '*armatur', 'spüle', 'waschbecken', 'toilette', 'klo', 'wc', 'spülkasten', 'abfluss', 'rohr'],
      ...['*rohr', 'rohrbruch', 'dusche', 'duschkopf', 'klempner', 'installateur'],
      ...['heizkörper', 'verstopft'],
      ...['حنفية', 'صنبور', 'مغسلة', 'حوض', 'مرحاض', 'سيفون', 'ماسورة', 'مواسير', 'أنبوب', 'دش'],
      ...['سباك', 'سباكة', 'سخان', 'مسدود', 'مسدودة', 'بالوعة'],
      ...['नल', 'नलका', 'टोंटी', 'सिंक', 'टॉयलेट', 'शौचालय', 'फ़्लश', 'पाइप', 'शावर', 'प्लंबर', 'नाली'],
    ],
  },
  buy: {
    verbs: [
      ...['buy', 'buying', 'purchase', 'order'],
      ...['compr*', 'pedir', 'encarg*'],
      ...['achet*', 'achat*', 'commander'],
      ...['kauf*', 'bestell*', 'besorg*'],
      ...['اشتر*', 'شراء', 'اطلب'],
      ...['ख़रीद*', 'मँगा*', 'ऑर्डर'],
    ],
    nouns: [...['gift'], ...['regalo'], ...['cadeau'], ...['geschenk'], ...['هدية'], ...['तोहफ़ा', 'उपहार']],
  },
  // Everyday shopping (groceries, the weekly shop): a list, not a comparison of offers.
  shop: {
    verbs: [
      ...['shop', 'go shopping', 'do the shopping'],
      ...['hacer la compra', 'ir al super', 'ir al súper'],
      ...['faire les courses', 'faire des courses'],
      ...['einkauf*', 'einkaufen gehen'],
      ...['تسوق*'],
      ...['ख़रीदारी', 'शॉपिंग'],
    ],
    nouns: [
      ...['groceries', 'grocery', 'grocery shopping', 'shopping', 'shopping list', 'supermarket', 'weekly shop', 'food shop'],
      ...['milk', 'bread', 'eggs', 'vegetables', 'veggies', 'fruit'],
      ...['la compra', 'compra semanal', 'supermercado', 'al super', 'mercado', 'lista de la compra'],
      ...['leche', 'pan', 'huevos', 'verdura', 'verduras', 'fruta'],
      ...[
        'les courses',
        'des courses',
        'liste de courses',
        'supermarché',
        'au marché',
        'le marché',
        'épicerie',
        'lait',
        'du pain',
        'le pain',
        'baguette',
        'œufs',
        'oeufs',
        'légumes',
        'fruits',
      ],
      ...['wocheneinkauf', 'supermarkt', 'lebensmittel', 'einkaufsliste', 'milch', 'brot', 'eier', 'gemüse', 'obst', 'drogerie'],
      ...['مشتريات', 'بقالة', 'سوبرماركت', 'سوق', 'خضار', 'خضروات', 'فواكه', 'فاكهة', 'حليب', 'خبز', 'بيض'],
      ...['किराना', 'राशन', 'सब्ज़ी', 'सब्ज़ियाँ', 'फल', 'दूध', 'अंडे', 'ब्रेड', 'बाज़ार', 'सुपरमार्केट'],
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
  // Doctor, dentist, hairdresser, vet…: a time and a place to be, and things to bring.
  appointment: {
    verbs: [
      ...['see the doctor', 'see a doctor'],
      ...['pedir cita'],
      ...['prendre rendez vous', 'prendre rdv'],
      ...['راجع الطبيب'],
      ...['डॉक्टर को दिखा*'],
    ],
    nouns: [
      ...['appointment', 'appt', 'dentist', 'doctor', 'gp', 'hairdresser', 'haircut', 'barber', 'vet', 'checkup', 'check up'],
      ...['physio', 'physiotherapist', 'optician', 'eye test', 'blood test', 'orthodontist', 'dermatologist', 'therapist'],
      ...['clinic', 'vaccination', 'flu shot', 'consultation'],
      ...['cita', 'dentista', 'médico', 'médica', 'doctor', 'doctora', 'pediatra', 'ginecólogo', 'ginecóloga', 'peluquería'],
      ...['peluquero', 'peluquera', 'barbería', 'veterinario', 'veterinaria', 'chequeo', 'fisio', 'fisioterapeuta', 'oculista'],
      ...['vacuna', 'análisis de sangre', 'centro de salud'],
      ...['rendez vous', 'rdv', 'dentiste', 'médecin', 'docteur', 'généraliste', 'coiffeur', 'coiffeuse', 'barbier'],
      ...['vétérinaire', 'véto', 'kiné', 'kinésithérapeute', 'ophtalmo*', 'dermato*', 'vaccin', 'prise de sang', 'bilan de santé'],
      ...['termin', '*arzttermin', 'friseurtermin', 'arzt', '*arzt', 'ärztin', '*ärztin', 'friseur', 'frisör', 'physiotherapie'],
      ...['physio', 'vorsorge*', 'impfung', '*praxis', 'sprechstunde', 'blutabnahme'],
      ...['موعد', 'طبيب', 'طبيبة', 'دكتور', 'عيادة', 'حلاق', 'صالون', 'كوافير', 'بيطري', 'فحص طبي', 'تطعيم', 'لقاح'],
      ...['مستشفى', 'أسنان'],
      ...['अपॉइंटमेंट', 'डॉक्टर', 'डेंटिस्ट', 'दंत चिकित्सक', 'दाँत', 'नाई', 'सैलून', 'पार्लर', 'पशु चिकित्सक', 'चेकअप'],
      ...['क्लिनिक', 'अस्पताल', 'टीका', 'टीकाकरण'],
    ],
  },
  // A trip somewhere nearby to get one thing done: the post office, the pharmacy, a pick-up.
  errand: {
    verbs: [
      ...['pick up', 'drop off', 'return', 'run errands'],
      ...['recoger', 'recoge', 'devolver', 'devuelve'],
      ...['récupérer', 'récupère', 'déposer', 'dépose', 'rapporter', 'rapporte', 'aller chercher'],
      ...['abhol*', 'abgeben', 'zurückbring*', 'zurückgeben'],
      ...['استلم', 'استلام', 'أرجع', 'إرجاع', 'ارجاع'],
      ...['वापस कर*', 'लौटा*', 'लाना', 'लाएं', 'ले आ*', 'लेने जा*'],
    ],
    nouns: [
      ...['errand', 'errands', 'post office', 'pharmacy', 'chemist', 'prescription', 'dry cleaning', 'dry cleaner', 'dry cleaners'],
      ...['library', 'bank', 'town hall', 'parcel locker'],
      ...['recado', 'recados', 'correos', 'oficina de correos', 'farmacia', 'tintorería', 'biblioteca', 'banco', 'ayuntamiento'],
      ...['poste', 'bureau de poste', 'pharmacie', 'ordonnance', 'pressing', 'bibliothèque', 'médiathèque', 'banque', 'mairie'],
      // 'Post' alone would be the English verb 'post' (send); the German phrases around it are not.
      ...[
        'bei der post',
        'zur post',
        'von der post',
        'auf die post',
        'postamt',
        'postfiliale',
        'packstation',
        'apotheke',
        'bibliothek',
        'bücherei',
        'bank',
        'bürgeramt',
        'rathaus',
      ],
      ...['besorgungen', 'erledigungen'],
      ...['بريد', 'مكتب البريد', 'صيدلية', 'وصفة طبية', 'بنك', 'مصرف', 'بلدية', 'مكتبة', 'مشوار', 'مشاوير'],
      ...['डाकघर', 'पोस्ट ऑफ़िस', 'बैंक', 'दवा', 'दवाई', 'दवाइयाँ', 'फ़ार्मेसी', 'केमिस्ट', 'ड्राई क्लीन*', 'लाइब्रेरी', 'पुस्तकालय'],
    ],
  },
  // Going somewhere: dates, transport, a place to stay, documents, packing.
  travel: {
    verbs: [
      ...['travel', 'travelling', 'traveling', 'fly to', 'pack for'],
      ...['viajar', 'viaja', 'hacer la maleta'],
      ...['voyager', 'faire la valise', 'faire sa valise'],
      ...['reisen', 'verreisen', 'verreise', 'koffer packen'],
      ...['سافر'],
      ...['घूमने जा*'],
    ],
    nouns: [
      ...['trip', 'journey', 'vacation', 'holiday', 'holidays', 'getaway', 'itinerary', 'suitcase', 'packing list'],
      ...['city break', 'road trip'],
      ...['viaje', 'vacaciones', 'escapada', 'itinerario', 'maleta'],
      ...['voyage', 'vacances', 'séjour', 'escapade', 'itinéraire', 'valise'],
      ...['reise*', 'urlaub', '*urlaub', 'ausflug', 'kurztrip', 'trip', 'koffer', 'dienstreise', 'städtereise'],
      ...['سفر', 'رحلة', 'عطلة', 'إجازة', 'حقيبة'],
      ...['यात्रा', 'सफ़र', 'ट्रिप', 'टूर', 'छुट्टी', 'छुट्टियाँ', 'छुट्टियों', 'पैकिंग'],
    ],
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
      ...['party', 'event', 'wedding', 'birthday', 'roadmap', 'budget', 'public holiday', 'offsite'],
      ...['fiesta', 'evento', 'boda', 'cumpleaños', 'presupuesto'],
      ...['fête', 'soirée', 'événement', 'mariage', 'anniversaire'],
      ...['party', 'feier', 'hochzeit', 'geburtstag', 'budget'],
      ...['حفلة', 'حفل', 'زفاف', 'عيد ميلاد', 'ميزانية'],
      ...['पार्टी', 'शादी', 'जन्मदिन', 'बजट'],
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
      ...['limpi*', 'lavar', 'lava', 'friega', 'fregar', 'barrer', 'aspirar', 'recoger la cocina', 'recoger la casa'],
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
      ...['learn*', 'study', 'studying', 'practice', 'practise', 'memorize', 'memorise', 'revise for'],
      ...['aprend*', 'estudi*', 'practic*', 'memoriz*', 'repasar'],
      ...['apprend*', 'étudi*', 'entraîn*', 'mémoris*', 'réviser pour'],
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
      ...['réserv*'],
      ...['buchen', 'buche', 'bucht', 'reservier*'],
      ...['احجز', 'حجز'],
      ...['बुक', 'बुकिंग', 'आरक्षण', 'आरक्षित'],
    ],
    nouns: [
      ...['flight', 'flights', 'hotel', 'tickets', 'table for'],
      ...['vuelo', 'billete', 'billetes', 'entradas'],
      ...['vol', 'billet', 'billets', 'hôtel'],
      ...['flug', 'flüge', 'hotel', 'tickets', 'karten'],
      ...['طيران', 'فندق', 'تذكرة', 'تذاكر'],
      ...['फ़्लाइट', 'उड़ान', 'होटल', 'टिकट'],
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
  // Software: an app, a system, a server, dependencies, firmware. Papers that run out are `paperwork`,
  // which is where a title naming one goes ("Update the passport address"), even after these verbs.
  update: {
    verbs: [
      ...['update*', 'upgrade*', 'refresh', 'migrate'],
      ...['actualiz*', 'migr*'],
      ...['mettre à jour', 'mets à jour', 'actualis*', 'migrer'],
      ...['aktualisier*', 'updaten', 'migrier*'],
      ...['حدث', 'تحديث', 'ترقية'],
      ...['अपडेट', 'अद्यतन'],
    ],
    nouns: [
      ...['dependencies', 'firmware', 'software update', 'security updates', 'operating system', 'ssl certificate', 'tls certificate'],
      ...['dependencias', 'sistema operativo', 'certificado ssl'],
      ...['dépendances', 'micrologiciel', 'système d exploitation', 'certificat ssl'],
      ...['abhängigkeiten', 'betriebssystem', 'ssl zertifikat'],
      ...['الاعتماديات', 'نظام التشغيل', 'البرنامج الثابت'],
      ...['फ़र्मवेयर', 'सॉफ़्टवेयर अपडेट', 'ऑपरेटिंग सिस्टम'],
    ],
  },
  // Official papers and contracts that run out or must be filed: a passport, an ID card, a visa, a
  // driving licence, insurance, a subscription, a registration, the tax return. Renewing one is
  // not a software update: the steps are the expiry date, documents and photos, the form, the fee.
  paperwork: {
    verbs: [
      ...['renew*', 'apply for', 'fill in', 'fill out'],
      // 'renov*' would also take the English 'renovate'.
      ...['renovar', 'renueva', 'renovación', 'tramit*', 'solicitar', 'solicita', 'rellenar', 'rellena'],
      ...['renouvel*', 'faire une demande de'],
      ...['verlänger*', 'erneuer*', 'beantrag*', 'ausfüll*'],
      ...['جدد', 'تجديد', 'استخرج', 'استخراج', 'قدم طلب', 'تقديم طلب'],
      ...['नवीनीकरण', 'रिन्यू', 'आवेदन', 'अप्लाई', 'फ़ॉर्म भर*'],
    ],
    nouns: [
      ...['passport', 'id card', 'identity card', 'visa', 'driving licence', 'driving license', 'licence', 'license', 'permit'],
      ...['residence permit', 'insurance', 'car insurance', 'home insurance', 'health insurance', 'travel insurance'],
      ...['subscription', 'membership', 'car registration', 'vehicle registration', 'car tax', 'tv licence'],
      ...['tax return', 'tax form', 'tax forms', 'paperwork', 'birth certificate'],
      ...['pasaporte', 'dni', 'carné', 'carnet', 'carné de conducir', 'carnet de conducir', 'permiso de conducir', 'visado'],
      ...['seguro', 'seguro del coche', 'suscripción', 'matrícula', 'empadronamiento', 'declaración de la renta', 'la renta'],
      ...['licencia', 'papeleo', 'trámite', 'trámites', 'solicitud'],
      ...['passeport', 'carte d identité', 'carte vitale', 'carte grise', 'permis', 'permis de conduire', 'titre de séjour'],
      ...['assurance', 'mutuelle', 'abonnement', 'déclaration d impôts', 'déclaration de revenus', 'formulaire', 'démarches'],
      ...['paperasse'],
      ...['reisepass', 'personalausweis', 'ausweis', 'führerschein', 'visum', '*versicherung', 'abo', 'mitgliedschaft'],
      ...['steuererklärung', 'antrag', '*antrag', 'aufenthaltstitel', 'zulassung', 'kfz zulassung', 'papierkram', 'behördengang'],
      ...['جواز', 'جواز سفر', 'جواز السفر', 'هوية', 'بطاقة هوية', 'تأشيرة', 'رخصة', 'رخصة قيادة', 'رخصة القيادة', 'تأمين'],
      ...['اشتراك', 'عضوية', 'استمارة', 'إقرار ضريبي', 'الإقرار الضريبي', 'معاملة', 'أوراق رسمية'],
      ...['पासपोर्ट', 'वीज़ा', 'लाइसेंस', 'ड्राइविंग लाइसेंस', 'बीमा', 'इंश्योरेंस', 'आधार कार्ड', 'पैन कार्ड', 'पहचान पत्र'],
      ...['आईडी कार्ड', 'सदस्यता', 'सब्सक्रिप्शन', 'रजिस्ट्रेशन', 'पंजीकरण', 'आयकर रिटर्न', 'टैक्स रिटर्न', 'फ़ॉर्म'],
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
    // Not 'assurance' (insurance): quality assurance is testing.
    nouns: ['quality assurance'],
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

/**
 * Verbs too general to choose a template alone, and the intents whose words, anywhere in the
 * title, say more (first listed first): "Fix the tap" is plumbing, "Plan the trip to Rome"
 * travel, "Buy milk and eggs" the weekly shopping, "Schedule the vet appointment" an appointment,
 * "Update the passport address" paperwork, "Renew the SSL certificate" a software update,
 * "Dichtung am Wasserhahn erneuern" plumbing. A verb keeps its own intent when the title also
 * names one of its own nouns: "Renew car insurance" stays paperwork although a car is a repair.
 */
const GIVES_WAY: Partial<Record<KeywordIntent, readonly KeywordIntent[]>> = {
  fix: ['plumbing', 'repair'],
  repair: ['plumbing', 'fix'],
  review: ['plumbing', 'repair', 'appointment'],
  plan: ['travel', 'appointment'],
  prepare: ['appointment', 'travel'],
  organize: ['travel'],
  book: ['appointment', 'meet', 'call'],
  buy: ['shop'],
  errand: ['shop', 'call', 'appointment'],
  test: ['appointment'],
  meet: ['appointment'],
  update: ['paperwork'],
  paperwork: ['update', 'plumbing', 'repair'],
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
  /** `*` at the end: the last word may go on ("repair*" → "repairing"). */
  prefix: boolean;
  /** `*` at the start of a one-word keyword: the word may begin with more ("*arzt" → "zahnarzt"). */
  suffix: boolean;
  weight: number;
  /** A plumbing word that says water gets out but not where (LEAK_NOUNS, LEAK_VERBS). */
  leak: boolean;
  /** A part of the building's shell: a roof, a wall, a ceiling, a window (BUILDING_SHELL). */
  shell: boolean;
  /** An Arabic verb whose object takes an attached ب ("اتصل بأمي"): that letter is not part of the object. */
  takesBi: boolean;
}

const LEAKS = new Set([...LEAK_NOUNS, ...LEAK_VERBS]);
const SHELL = new Set(BUILDING_SHELL);
const TAKES_BI = new Set(['اتصل*', 'اتصال']);

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
        const suffix = entry.startsWith('*');
        const words = tokenize(entry.replace(/^\*|\*$/g, '')).map((t) => t.norm);
        // Longer and exact keywords are more specific: 'prüfung' (exam) beats 'prüf*' (check);
        // on a tie a verb wins, so 'Book a table' is a booking, not something to read.
        const exact = prefix || suffix ? 0 : 2;
        list.push({
          intent,
          kind,
          words,
          prefix,
          suffix,
          weight: words.join(' ').length * 4 + exact + (kind === 'verb' ? 1 : 0),
          leak: intent === 'plumbing' && LEAKS.has(entry),
          shell: intent === 'repair' && SHELL.has(entry),
          takesBi: kind === 'verb' && TAKES_BI.has(entry),
        });
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
    return candidates.some((c) => {
      if (keyword.suffix && k === 0) return c.endsWith(word);
      return last && keyword.prefix ? c.startsWith(word) : c === word;
    });
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
      ...['مع', 'إلى', 'الى', 'على', 'عن', 'ب', 'بـ', 'ل', 'لـ'],
    ].join('|') +
    ')(?:\\s+|$)',
  'iu',
);
const TRAILING_FILLER = new RegExp(
  '(?:^|\\s)(?:' +
    [
      ...['को', 'से', 'का', 'की', 'के', 'में', 'पर', 'लिए', 'के लिए'],
      ...['करें', 'करना', 'करो', 'कीजिए', 'कर', 'करे', 'करनी', 'करने', 'लें', 'लेना', 'दें', 'देना', 'है', 'हैं', 'ना'],
      // The progressive's helper ("टपक रहा है", is dripping) once the verb itself is gone.
      ...['रहा', 'रही', 'रहे'],
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
  for (let at = 0; at < tokens.length;) {
    let best: Keyword | undefined;
    for (const keyword of COMPILED) {
      if ((!best || keyword.weight > best.weight) && matchesAt(tokens, at, keyword)) best = keyword;
    }
    if (best) found.push({ keyword: best, at });
    // A phrase covers its words: the 'test' of 'blood test' is not a second keyword.
    at += best ? best.words.length : 1;
  }
  // Hindi puts the main verb last ("सिंक ठीक करने के लिए प्लंबर को फ़ोन करें" is a call) and ends a
  // noun phrase in its head ("दाँत के डॉक्टर का अपॉइंटमेंट"); the others lead with both.
  const hindiOrder = tokens.filter((t) => DEVANAGARI.test(t.norm)).length * 2 > tokens.length;
  const pick = <T>(list: T[]): T | undefined => (hindiOrder ? list.at(-1) : list[0]);
  const verb = pick(found.filter((f) => f.keyword.kind === 'verb'));
  if (verb) {
    const object = withoutAttachedPreposition(objectAround(clean, tokens, verb.at, verb.at + verb.keyword.words.length), verb.keyword);
    const others = found.filter((f) => f !== verb);
    const confirmed = others.some((f) => f.keyword.kind === 'noun' && f.keyword.intent === verb.keyword.intent);
    const telling = confirmed
      ? undefined
      : (GIVES_WAY[verb.keyword.intent] ?? [])
          .map((intent) => others.find((f) => f.keyword.intent === intent))
          .find((f) => f !== undefined);
    return { intent: whereTheWaterGoes((telling ?? verb).keyword.intent, found), object: object || clean };
  }
  const noun = pick(found.filter((f) => f.keyword.kind === 'noun'));
  return { intent: noun ? whereTheWaterGoes(noun.keyword.intent, found) : 'general', object: clean };
}

/** A leak with no tap, sink, toilet or pipe named, through a roof, a wall or a ceiling, is a repair (LEAK_NOUNS). */
function whereTheWaterGoes(intent: KeywordIntent, found: Array<{ keyword: Keyword }>): KeywordIntent {
  if (intent !== 'plumbing') return intent;
  const plumbing = found.filter((f) => f.keyword.intent === 'plumbing');
  return plumbing.every((f) => f.keyword.leak) && found.some((f) => f.keyword.shell) ? 'repair' : intent;
}

// Arabic joins a preposition to the noun after it: "اتصل بالسباك" (call the plumber), "استعد
// للمقابلة" (get ready for the interview). With the verb gone the letter belongs to nothing, and
// every template gives the quoted words a grammar of its own — a preposition ("المتعلقة بـ"), a
// construct ("تاريخ انتهاء") or a verb — so it goes, as "with" goes from "Meet with the team":
// «السباك», never «بالسباك». Before the article the letter is surely a preposition (بال، كال, and
// لل for ل + ال, after an optional و or ف), unless fewer than three letters would follow the
// article or the word only happens to begin so (بالوعة، بالون…). A bare ب goes only after a verb
// that takes it ("اتصل بأمي") and only if three letters remain, because many nouns begin with these
// letters: بيت، بطاقة، لوازم، كرسي.
const PREPOSITION_AND_ARTICLE = /^([وف]?)(بال|كال|لل)/u;
const CONJUNCTION_AND_ARTICLE = /^وال/u;
const NOT_A_PREPOSITION = ['بالوع', 'بالون', 'بالغ', 'بالطو', 'بالكون', 'كالسيوم', 'كالون', 'والد'];
const ARABIC_MARK = /[\u064b-\u065f\u0670\u0640]/u;

function withoutAttachedPreposition(object: string, verb: Keyword): string {
  const space = object.search(/\s/u);
  const word = space === -1 ? object : object.slice(0, space);
  const rest = space === -1 ? '' : object.slice(space);
  const bare = normalizeWord(word);
  if (!ARABIC.test(bare) || NOT_A_PREPOSITION.some((start) => bare.startsWith(start))) return object;
  const joined = PREPOSITION_AND_ARTICLE.exec(bare);
  if (joined) {
    const [whole, conjunction = '', preposition] = joined;
    if (bare.length - whole.length < 3) return object;
    // ل before the article drops the article's alef (ل + المقابلة = للمقابلة): it comes back.
    if (preposition === 'لل') return `ال${dropLetters(word, whole.length)}${rest}`;
    return `${dropLetters(word, conjunction.length + 1)}${rest}`;
  }
  if (CONJUNCTION_AND_ARTICLE.test(bare) && bare.length - 3 >= 3) return `${dropLetters(word, 1)}${rest}`;
  if (verb.takesBi && bare.startsWith('ب') && bare.length - 1 >= 3) return `${dropLetters(word, 1)}${rest}`;
  return object;
}

/** `word` without its first `count` letters; a vowel mark or tatweel goes with the letter before it. */
function dropLetters(word: string, count: number): string {
  let at = 0;
  for (let dropped = 0; dropped < count && at < word.length; dropped++) {
    at++;
    while (at < word.length && ARABIC_MARK.test(word[at]!)) at++;
  }
  return word.slice(at);
}
