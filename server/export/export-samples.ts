import type { Comment } from '../../common/schemas/comment.schema.ts';
import type { LanguageCode } from '../../common/locales.ts';
import type { TaskExportData } from './export.types.ts';

/**
 * Sample tasks for tests, the benchmark and the reference images: one with every markdown feature in English, Arabic,
 * Hindi, Spanish and French mixed (lines included), and one of the size people usually write.
 */

export const MIXED_DESCRIPTION = `# Launch plan — خطة الإطلاق — लॉन्च योजना

Café **résumé** for the *naïve* reviewer: the release ships to مستخدمين جدد in भारत and عُمان on Friday. Use \`npm run build\` then ~~deploy by hand~~ the pipeline. See [the handbook](https://example.com/handbook) and [البوابة](https://example.com/ar).

## Steps — الخطوات

1. Prepare the notes — إعداد الملاحظات
2. Translate into हिन्दी (क्षत्रिय, द्वार, श्री)
   - Review the glossary
   - راجع المسرد (المرحلة 2)
     1. Nested number one
     2. Nested number two
3. Publish

- [x] Design approved — تمت الموافقة على التصميم
- [ ] QA sign-off — गुणवत्ता जाँच पूरी करें
- [ ] Señalar los vínculos rotos

### Budget — الميزانية

| Item | Owner | Cost |
|:-----|:-----:|-----:|
| Hosting | Amira أميرة | 1,200 € |
| अनुवाद (translation) | प्रिया | ₹ 45,000 |
| Design | Zoë | 800 € |

> Quote: «Le succès n'est pas final.» — والنجاح ليس نهائياً (تشرشل).

#### Code — कोड

\`\`\`ts
export function greet(name: string) {
  return \`Hello, \${name}! مرحبا नमस्ते\`;
}
\`\`\`

---

<script>alert("xss")</script> stays text, and so does [a bad link](javascript:alert(1)).

फ़ाइनल चरण: सभी टीमें शुक्रवार तक तैयार रहें। المرحلة النهائية: يجب أن تكون جميع الفرق جاهزة بحلول يوم الجمعة.`;

function comment(
  id: number,
  author: string,
  content: string,
  createdAt: string,
  children: Comment[] = [],
  parentId: number | null = null,
): Comment {
  return {
    id,
    task_id: 42,
    user_id: id,
    user_name: author,
    user_photo: null,
    content,
    parent_id: parentId,
    created_at: createdAt,
    updated_at: createdAt,
    children,
  };
}

export function mixedScriptSample(language: LanguageCode = 'en'): TaskExportData {
  return {
    language,
    generatedAt: new Date('2024-03-15T09:30:00Z'),
    task: {
      id: 42,
      title: 'Launch Taskaty in Arabic — إطلاق تاسكاتي — हिन्दी में लॉन्च',
      description: MIXED_DESCRIPTION,
      due_date: '2024-03-10',
      priority: 'high',
      is_completed: 0,
      created_at: '2024-02-28T08:15:00.000Z',
      updated_at: '2024-03-14T17:45:00.000Z',
      labels: [
        { id: 1, name: 'release', color: '#9333ea' },
        { id: 2, name: 'ترجمة', color: '#0ea5e9' },
        { id: 3, name: 'अनुवाद', color: null },
        { id: 4, name: 'diseño', color: '#f59e0b' },
      ],
      owner: { name: 'Amira Haddad', email: 'amira@example.com' },
      shared_with: [
        { name: 'Priya Sharma प्रिया', email: 'priya@example.com', pivot: { status: 'accepted' } },
        { name: 'خالد العمري', email: 'khalid@example.com', pivot: { status: 'pending' } },
        { name: 'Zoë Lefèvre', email: 'zoe@example.com', pivot: { status: 'accepted' } },
      ],
    },
    comments: [
      comment(
        1,
        'Priya Sharma',
        'अनुवाद लगभग तैयार है। Glossary review pending.\nSecond line of the same paragraph.',
        '2024-03-12T10:00:00.000Z',
        [comment(2, 'خالد العمري', 'شكراً! سأراجع النص العربي غداً (الساعة 10).', '2024-03-12T11:30:00.000Z', [], 1)],
      ),
      comment(
        3,
        'Zoë Lefèvre',
        'Les maquettes sont prêtes — voir le dossier « Design ».\n\n<b>not bold</b> & <img src=x onerror=alert(1)>',
        '2024-03-13T09:00:00.000Z',
        [comment(4, 'Amira Haddad', 'Great, merci Zoë!', '2024-03-13T09:05:00.000Z', [], 3)],
      ),
    ],
  };
}

/** About 700 characters of description, a few labels and comments: what most tasks look like. */
export function typicalTaskSample(language: LanguageCode = 'en'): TaskExportData {
  return {
    language,
    generatedAt: new Date('2024-03-15T09:30:00Z'),
    task: {
      id: 7,
      title: 'Prepare the quarterly review',
      description: `Collect the numbers for the **Q1 review** and draft the slides.

## To do
- [x] Export revenue figures from the dashboard
- [ ] Ask Sam for the support ticket summary
- [ ] Draft the *customer highlights* section

Notes: the finance team wants the deck by Thursday. Keep it under 15 slides and reuse the template from last quarter (see [the drive folder](https://example.com/drive)).

1. Revenue and churn
2. Product milestones
3. Hiring plan

> Remember to double-check the currency conversions before sending.`,
      due_date: '2024-03-21',
      priority: 'medium',
      is_completed: 0,
      created_at: '2024-03-01T08:00:00.000Z',
      updated_at: '2024-03-14T16:20:00.000Z',
      labels: [
        { id: 1, name: 'work', color: '#2563eb' },
        { id: 2, name: 'reporting', color: null },
      ],
      owner: { name: 'Jordan Lee', email: 'jordan@example.com' },
      shared_with: [{ name: 'Sam Rivera', email: 'sam@example.com', pivot: { status: 'accepted' } }],
    },
    comments: [
      comment(10, 'Sam Rivera', 'Ticket summary is in the shared folder.', '2024-03-13T12:00:00.000Z', [
        comment(11, 'Jordan Lee', 'Thanks, adding it now.', '2024-03-13T12:30:00.000Z', [], 10),
      ]),
    ],
  };
}

/** The scripts a one-page sample is written in. */
export type SampleScript = 'latin' | 'arabic' | 'devanagari' | 'mixed';

const ONE_PAGE_TASKS: Record<
  SampleScript,
  { language: LanguageCode; title: string; description: string; labels: string[]; comments: [string, string][] }
> = {
  latin: {
    language: 'fr',
    title: 'Préparer la revue trimestrielle',
    description: `Rassembler les chiffres de la **revue du T1** et préparer les diapositives.

## À faire
- [x] Exporter le chiffre d'affaires depuis le tableau de bord
- [ ] Demander à Zoë le résumé des tickets du support
- [ ] Rédiger la section *clients à l'honneur*

Remarques : l'équipe finance veut la présentation pour jeudi. Moins de 15 diapositives, avec le modèle du trimestre dernier (voir [le dossier partagé](https://example.com/drive)).

1. Chiffre d'affaires et attrition
2. Étapes du produit
3. Plan de recrutement

> Vérifier les conversions de devises avant l'envoi.`,
    labels: ['travail', 'rapports'],
    comments: [
      ['Zoë Lefèvre', 'Le résumé des tickets est dans le dossier partagé.'],
      ['Jérôme Garçon', 'Merci, je l’ajoute maintenant.'],
    ],
  },
  arabic: {
    language: 'ar',
    title: 'إعداد المراجعة الفصلية',
    description: `اجمع أرقام **مراجعة الربع الأول** وجهّز الشرائح.

## المطلوب
- [x] تصدير أرقام الإيرادات من لوحة المعلومات
- [ ] طلب ملخص تذاكر الدعم من سامي
- [ ] كتابة قسم *أبرز العملاء*

ملاحظات: يريد فريق المالية العرض يوم الخميس. اجعله أقل من 15 شريحة واستخدم قالب الربع الماضي (انظر [المجلد المشترك](https://example.com/drive)).

1. الإيرادات ومعدل فقدان العملاء
2. مراحل المنتج
3. خطة التوظيف

> تذكّر مراجعة تحويلات العملات قبل الإرسال.`,
    labels: ['عمل', 'تقارير'],
    comments: [
      ['سامي الراشد', 'ملخص التذاكر موجود في المجلد المشترك.'],
      ['ليلى حداد', 'شكراً، سأضيفه الآن.'],
    ],
  },
  devanagari: {
    language: 'hi',
    title: 'तिमाही समीक्षा की तैयारी',
    description: `**पहली तिमाही की समीक्षा** के आँकड़े इकट्ठा करें और स्लाइड तैयार करें।

## करना है
- [x] डैशबोर्ड से आय के आँकड़े निकालें
- [ ] सहायता टिकटों का सारांश श्याम से माँगें
- [ ] *मुख्य ग्राहकों* वाला भाग लिखें

टिप्पणी: वित्त टीम को प्रस्तुति गुरुवार तक चाहिए। 15 से कम स्लाइड रखें और पिछली तिमाही का ढाँचा दोबारा इस्तेमाल करें ([साझा फ़ोल्डर](https://example.com/drive) देखें)।

1. आय और ग्राहक छूटने की दर
2. उत्पाद के पड़ाव
3. भर्ती की योजना

> भेजने से पहले मुद्रा रूपांतरण दोबारा जाँच लें।`,
    labels: ['काम', 'रिपोर्ट'],
    comments: [
      ['श्याम वर्मा', 'टिकटों का सारांश साझा फ़ोल्डर में है।'],
      ['प्रिया शर्मा', 'धन्यवाद, अभी जोड़ रही हूँ।'],
    ],
  },
  mixed: {
    language: 'en',
    title: 'Quarterly review — المراجعة الفصلية — तिमाही समीक्षा',
    description: `Collect the numbers for the **Q1 review** — اجمع أرقام **الربع الأول** — **पहली तिमाही** के आँकड़े इकट्ठा करें।

## To do — المطلوب — करना है
- [x] Export revenue figures — تصدير أرقام الإيرادات
- [ ] सहायता टिकटों का सारांश श्याम से माँगें
- [ ] Draft the *customer highlights* — كتابة قسم *أبرز العملاء*

Notes: the finance team wants the deck by Thursday. يريد فريق المالية العرض يوم الخميس. वित्त टीम को प्रस्तुति गुरुवार तक चाहिए।

1. Revenue and churn — الإيرادات
2. उत्पाद के पड़ाव
3. Hiring plan — خطة التوظيف

> Remember the currency conversions — تذكّر تحويلات العملات — मुद्रा रूपांतरण जाँच लें।`,
    labels: ['work', 'تقارير', 'रिपोर्ट'],
    comments: [
      ['सामी Rashid', 'Ticket summary is in the shared folder — الملخص في المجلد المشترك.'],
      ['ليلى Haddad', 'धन्यवाद, adding it now.'],
    ],
  },
};

/** A task that fits on one page, written in one script (or all three mixed), labels in its language. */
export function onePageTaskSample(script: SampleScript): TaskExportData {
  const sample = ONE_PAGE_TASKS[script];
  const [first, second] = sample.comments;
  return {
    language: sample.language,
    generatedAt: new Date('2024-03-15T09:30:00Z'),
    task: {
      id: 8,
      title: sample.title,
      description: sample.description,
      due_date: '2024-03-21',
      priority: 'medium',
      is_completed: 0,
      created_at: '2024-03-01T08:00:00.000Z',
      updated_at: '2024-03-14T16:20:00.000Z',
      labels: sample.labels.map((name, index) => ({ id: index + 1, name, color: index === 0 ? '#2563eb' : null })),
      owner: { name: second![0], email: 'owner@example.com' },
      shared_with: [{ name: first![0], email: 'member@example.com', pivot: { status: 'accepted' } }],
    },
    comments: [
      comment(10, first![0], first![1], '2024-03-13T12:00:00.000Z', [
        comment(11, second![0], second![1], '2024-03-13T12:30:00.000Z', [], 10),
      ]),
    ],
  };
}
