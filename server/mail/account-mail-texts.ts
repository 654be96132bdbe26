import type { LanguageCode } from '../../common/locales.ts';
import { escapeHtml } from '../seo/html-escape.ts';
import { oneLine } from './mail-layout.ts';

/** A mail whose point is one link: a verification or a password reset (issue 18). */
interface LinkMailTexts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  footer: string;
}

type AccountMailKind = 'verify_email' | 'change_email' | 'reset_password';

/** In the account's language; German uses the informal "du" like the app. */
export const ACCOUNT_MAIL_TEXTS: Record<AccountMailKind, Record<LanguageCode, LinkMailTexts>> = {
  verify_email: {
    en: {
      subject: 'Verify your e-mail address for Taskaty',
      greeting: (name) => `Hello ${name},`,
      body: 'Please confirm that this is your e-mail address. Tasks that people share with this address reach your account once it is verified.',
      action: 'Verify e-mail address',
      expiry: 'The link works once and expires in 24 hours.',
      footer: 'If you did not create a Taskaty account, ignore this e-mail: nothing happens without the link.',
    },
    hi: {
      subject: 'Taskaty के लिए अपना ईमेल पता सत्यापित करें',
      greeting: (name) => `नमस्ते ${name},`,
      body: 'कृपया पुष्टि करें कि यह आपका ईमेल पता है। सत्यापन के बाद इस पते पर साझा किए गए कार्य आपके खाते में दिखेंगे।',
      action: 'ईमेल पता सत्यापित करें',
      expiry: 'यह लिंक एक बार काम करता है और 24 घंटे में समाप्त हो जाता है।',
      footer: 'अगर आपने Taskaty खाता नहीं बनाया, तो इस ईमेल को अनदेखा करें: लिंक के बिना कुछ नहीं होगा।',
    },
    ar: {
      subject: 'أكِّد عنوان بريدك الإلكتروني في Taskaty',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'يُرجى تأكيد أن هذا عنوان بريدك الإلكتروني. تصل المهام التي يشاركها الآخرون مع هذا العنوان إلى حسابك بعد تأكيده.',
      action: 'تأكيد عنوان البريد الإلكتروني',
      expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة.',
      footer: 'إن لم تُنشئ حسابًا في Taskaty فتجاهل هذه الرسالة: لن يحدث شيء دون الرابط.',
    },
    es: {
      subject: 'Verifica tu dirección de correo en Taskaty',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Confirma que esta es tu dirección de correo. Las tareas que otras personas compartan con esta dirección llegarán a tu cuenta cuando esté verificada.',
      action: 'Verificar dirección de correo',
      expiry: 'El enlace funciona una sola vez y caduca en 24 horas.',
      footer: 'Si no creaste una cuenta en Taskaty, ignora este correo: sin el enlace no ocurre nada.',
    },
    fr: {
      subject: 'Vérifiez votre adresse e-mail pour Taskaty',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Merci de confirmer que cette adresse e-mail est bien la vôtre. Les tâches partagées avec cette adresse arrivent dans votre compte une fois qu’elle est vérifiée.',
      action: 'Vérifier l’adresse e-mail',
      expiry: 'Le lien ne fonctionne qu’une fois et expire dans 24 heures.',
      footer: 'Si vous n’avez pas créé de compte Taskaty, ignorez cet e-mail : rien ne se passe sans le lien.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse für Taskaty',
      greeting: (name) => `Hallo ${name},`,
      body: 'Bitte bestätige, dass dies deine E-Mail-Adresse ist. Aufgaben, die andere mit dieser Adresse teilen, erreichen dein Konto, sobald sie bestätigt ist.',
      action: 'E-Mail-Adresse bestätigen',
      expiry: 'Der Link funktioniert einmal und läuft in 24 Stunden ab.',
      footer: 'Wenn du kein Taskaty-Konto erstellt hast, ignoriere diese E-Mail: Ohne den Link passiert nichts.',
    },
  },
  change_email: {
    en: {
      subject: 'Confirm your new e-mail address for Taskaty',
      greeting: (name) => `Hello ${name},`,
      body: 'You asked to use this address for your Taskaty account. It takes the place of the old one once you confirm it here.',
      action: 'Confirm new e-mail address',
      expiry: 'The link works once and expires in 24 hours.',
      footer: 'If you did not ask for this, ignore this e-mail: the account keeps its address.',
    },
    hi: {
      subject: 'Taskaty के लिए अपने नए ईमेल पते की पुष्टि करें',
      greeting: (name) => `नमस्ते ${name},`,
      body: 'आपने अपने Taskaty खाते के लिए इस पते का उपयोग करने को कहा है। यहाँ पुष्टि करते ही यह पुराने पते की जगह ले लेगा।',
      action: 'नए ईमेल पते की पुष्टि करें',
      expiry: 'यह लिंक एक बार काम करता है और 24 घंटे में समाप्त हो जाता है।',
      footer: 'अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा करें: खाते का पता नहीं बदलेगा।',
    },
    ar: {
      subject: 'أكِّد عنوان بريدك الإلكتروني الجديد في Taskaty',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'طلبت استخدام هذا العنوان لحسابك في Taskaty. يحلّ محلّ العنوان القديم بمجرد تأكيده هنا.',
      action: 'تأكيد العنوان الجديد',
      expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة.',
      footer: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: يبقى عنوان الحساب كما هو.',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo en Taskaty',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Pediste usar esta dirección en tu cuenta de Taskaty. Sustituirá a la anterior en cuanto la confirmes aquí.',
      action: 'Confirmar la nueva dirección',
      expiry: 'El enlace funciona una sola vez y caduca en 24 horas.',
      footer: 'Si no lo pediste, ignora este correo: la cuenta conserva su dirección.',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour Taskaty',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Vous avez demandé à utiliser cette adresse pour votre compte Taskaty. Elle remplace l’ancienne dès que vous la confirmez ici.',
      action: 'Confirmer la nouvelle adresse',
      expiry: 'Le lien ne fonctionne qu’une fois et expire dans 24 heures.',
      footer: 'Si vous n’avez rien demandé, ignorez cet e-mail : le compte garde son adresse.',
    },
    de: {
      subject: 'Bestätige deine neue E-Mail-Adresse für Taskaty',
      greeting: (name) => `Hallo ${name},`,
      body: 'Du möchtest diese Adresse für dein Taskaty-Konto verwenden. Sie ersetzt die alte, sobald du sie hier bestätigst.',
      action: 'Neue E-Mail-Adresse bestätigen',
      expiry: 'Der Link funktioniert einmal und läuft in 24 Stunden ab.',
      footer: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Das Konto behält seine Adresse.',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your Taskaty password',
      greeting: (name) => `Hello ${name},`,
      body: 'Someone asked to reset the password of the Taskaty account for this address. Choose a new password with the link below; every signed-in device is then signed out.',
      action: 'Choose a new password',
      expiry: 'The link works once and expires in one hour.',
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    hi: {
      subject: 'अपना Taskaty पासवर्ड रीसेट करें',
      greeting: (name) => `नमस्ते ${name},`,
      body: 'किसी ने इस पते के Taskaty खाते का पासवर्ड रीसेट करने का अनुरोध किया है। नीचे दिए लिंक से नया पासवर्ड चुनें; इसके बाद सभी साइन-इन डिवाइस साइन आउट हो जाएँगे।',
      action: 'नया पासवर्ड चुनें',
      expiry: 'यह लिंक एक बार काम करता है और एक घंटे में समाप्त हो जाता है।',
      footer: 'अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
    ar: {
      subject: 'إعادة تعيين كلمة مرور Taskaty',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'طلب أحدهم إعادة تعيين كلمة مرور حساب Taskaty المرتبط بهذا العنوان. اختر كلمة مرور جديدة من الرابط أدناه؛ وبعدها يُسجَّل الخروج من كل الأجهزة.',
      action: 'اختيار كلمة مرور جديدة',
      expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة.',
      footer: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    },
    es: {
      subject: 'Restablece tu contraseña de Taskaty',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Alguien pidió restablecer la contraseña de la cuenta de Taskaty de esta dirección. Elige una contraseña nueva con el enlace de abajo; después se cerrará la sesión en todos los dispositivos.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una sola vez y caduca en una hora.',
      footer: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Taskaty',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Quelqu’un a demandé la réinitialisation du mot de passe du compte Taskaty de cette adresse. Choisissez un nouveau mot de passe avec le lien ci-dessous ; tous les appareils connectés seront ensuite déconnectés.',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Le lien ne fonctionne qu’une fois et expire dans une heure.',
      footer: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.',
    },
    de: {
      subject: 'Setze dein Taskaty-Passwort zurück',
      greeting: (name) => `Hallo ${name},`,
      body: 'Jemand hat angefordert, das Passwort des Taskaty-Kontos dieser Adresse zurückzusetzen. Wähle über den Link unten ein neues Passwort; danach werden alle angemeldeten Geräte abgemeldet.',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link funktioniert einmal und läuft in einer Stunde ab.',
      footer: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    },
  },
};

/** Subject, plain text and HTML of an account mail; the name is the only user-given text, escaped. */
export function accountMail(kind: AccountMailKind, input: { language: LanguageCode; name: string; link: string }) {
  const texts = ACCOUNT_MAIL_TEXTS[kind][input.language];
  const name = oneLine(input.name);
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  return {
    subject: texts.subject,
    text: `${texts.greeting(name)}\n\n${texts.body}\n\n${texts.action}: ${input.link}\n\n${texts.expiry}\n\n${texts.footer}\n`,
    html: `<!doctype html><html lang="${input.language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#17151f">
<p>${escapeHtml(texts.greeting(name))}</p>
<p>${escapeHtml(texts.body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#9333ea;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(texts.action)}</a></p>
<p>${escapeHtml(texts.expiry)}</p>
<p style="color:#5c5870;font-size:12px">${escapeHtml(texts.footer)}</p>
</body></html>`,
  };
}
