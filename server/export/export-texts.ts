import { fileSizeText } from '../../common/file-size.ts';
import type { LanguageCode } from '../../common/locales.ts';
import type { Priority } from '../../common/constants.ts';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../common/time-zone.ts';

/** The words an exported document prints around the user's own content, per language. */
export interface ExportTexts {
  details: string;
  status: string;
  statusCompleted: string;
  statusInProgress: string;
  priority: string;
  priorities: Record<Priority, string>;
  dueDate: string;
  noDueDate: string;
  overdue: string;
  labels: string;
  none: string;
  created: string;
  updated: string;
  owner: string;
  sharedWith: string;
  notShared: string;
  shareAccepted: string;
  sharePending: string;
  description: string;
  noDescription: string;
  comments: string;
  noComments: string;
  /** The heading of the task's subtasks (issue 21). */
  subtasks: string;
  /** The heading of the task's files (issue 24). */
  attachments: string;
  /** Who added a file; `{name}` is replaced (the size and the date stand beside it). */
  addedBy: string;
  /** `{page}` and `{pages}` are replaced; Word puts live fields there. */
  pageOf: string;
  /** `{date}` is replaced. */
  exportedOn: string;
}

export const EXPORT_TEXTS: Record<LanguageCode, ExportTexts> = {
  en: {
    details: 'Details',
    status: 'Status',
    statusCompleted: 'Completed',
    statusInProgress: 'In progress',
    priority: 'Priority',
    priorities: { low: 'Low', medium: 'Medium', high: 'High' },
    dueDate: 'Due date',
    noDueDate: 'No due date',
    overdue: 'Overdue',
    labels: 'Labels',
    none: 'None',
    created: 'Created',
    updated: 'Updated',
    owner: 'Owner',
    sharedWith: 'Shared with',
    notShared: 'Not shared',
    shareAccepted: 'Accepted',
    sharePending: 'Pending',
    description: 'Description',
    noDescription: 'No description',
    comments: 'Comments',
    noComments: 'No comments',
    subtasks: 'Subtasks',
    attachments: 'Attachments',
    addedBy: 'added by {name}',
    pageOf: 'Page {page} of {pages}',
    exportedOn: 'Exported {date}',
  },
  hi: {
    details: 'जानकारी',
    status: 'स्थिति',
    statusCompleted: 'पूर्ण',
    statusInProgress: 'प्रगति में',
    priority: 'प्राथमिकता',
    priorities: { low: 'कम', medium: 'मध्यम', high: 'उच्च' },
    dueDate: 'नियत तिथि',
    noDueDate: 'कोई नियत तिथि नहीं',
    overdue: 'अतिदेय',
    labels: 'लेबल',
    none: 'कोई नहीं',
    created: 'बनाया गया',
    updated: 'अपडेट किया गया',
    owner: 'स्वामी',
    sharedWith: 'इनके साथ साझा',
    notShared: 'साझा नहीं किया गया',
    shareAccepted: 'स्वीकृत',
    sharePending: 'लंबित',
    description: 'विवरण',
    noDescription: 'कोई विवरण नहीं',
    comments: 'टिप्पणियाँ',
    noComments: 'कोई टिप्पणी नहीं',
    subtasks: 'उप-कार्य',
    attachments: 'संलग्नक',
    addedBy: '{name} द्वारा जोड़ी गई',
    pageOf: 'पृष्ठ {page} / {pages}',
    exportedOn: 'निर्यात किया गया: {date}',
  },
  ar: {
    details: 'التفاصيل',
    status: 'الحالة',
    statusCompleted: 'مكتملة',
    statusInProgress: 'قيد التنفيذ',
    priority: 'الأولوية',
    priorities: { low: 'منخفضة', medium: 'متوسطة', high: 'عالية' },
    dueDate: 'تاريخ الاستحقاق',
    noDueDate: 'بدون تاريخ استحقاق',
    overdue: 'متأخرة',
    labels: 'التصنيفات',
    none: 'لا يوجد',
    created: 'تاريخ الإنشاء',
    updated: 'آخر تحديث',
    owner: 'المالك',
    sharedWith: 'تمت المشاركة مع',
    notShared: 'غير مشتركة',
    shareAccepted: 'مقبولة',
    sharePending: 'قيد الانتظار',
    description: 'الوصف',
    noDescription: 'لا يوجد وصف',
    comments: 'التعليقات',
    noComments: 'لا توجد تعليقات',
    subtasks: 'المهام الفرعية',
    attachments: 'المرفقات',
    addedBy: 'أضافه {name}',
    pageOf: 'صفحة {page} من {pages}',
    exportedOn: 'تم التصدير في {date}',
  },
  es: {
    details: 'Detalles',
    status: 'Estado',
    statusCompleted: 'Completada',
    statusInProgress: 'En curso',
    priority: 'Prioridad',
    priorities: { low: 'Baja', medium: 'Media', high: 'Alta' },
    dueDate: 'Fecha de vencimiento',
    noDueDate: 'Sin fecha de vencimiento',
    overdue: 'Vencida',
    labels: 'Etiquetas',
    none: 'Ninguna',
    created: 'Creada',
    updated: 'Actualizada',
    owner: 'Propietario',
    sharedWith: 'Compartida con',
    notShared: 'No compartida',
    shareAccepted: 'Aceptada',
    sharePending: 'Pendiente',
    description: 'Descripción',
    noDescription: 'Sin descripción',
    comments: 'Comentarios',
    noComments: 'Sin comentarios',
    subtasks: 'Subtareas',
    attachments: 'Archivos adjuntos',
    addedBy: 'añadido por {name}',
    pageOf: 'Página {page} de {pages}',
    exportedOn: 'Exportado el {date}',
  },
  fr: {
    details: 'Détails',
    status: 'Statut',
    statusCompleted: 'Terminée',
    statusInProgress: 'En cours',
    priority: 'Priorité',
    priorities: { low: 'Basse', medium: 'Moyenne', high: 'Haute' },
    dueDate: 'Échéance',
    noDueDate: 'Aucune échéance',
    overdue: 'En retard',
    labels: 'Étiquettes',
    none: 'Aucune',
    created: 'Créée',
    updated: 'Mise à jour',
    owner: 'Propriétaire',
    sharedWith: 'Partagée avec',
    notShared: 'Non partagée',
    shareAccepted: 'Acceptée',
    sharePending: 'En attente',
    description: 'Description',
    noDescription: 'Aucune description',
    comments: 'Commentaires',
    noComments: 'Aucun commentaire',
    subtasks: 'Sous-tâches',
    attachments: 'Pièces jointes',
    addedBy: 'ajouté par {name}',
    pageOf: 'Page {page} sur {pages}',
    exportedOn: 'Exporté le {date}',
  },
  de: {
    details: 'Details',
    status: 'Status',
    statusCompleted: 'Erledigt',
    statusInProgress: 'In Bearbeitung',
    priority: 'Priorität',
    priorities: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch' },
    dueDate: 'Fälligkeitsdatum',
    noDueDate: 'Kein Fälligkeitsdatum',
    overdue: 'Überfällig',
    labels: 'Labels',
    none: 'Keine',
    created: 'Erstellt',
    updated: 'Aktualisiert',
    owner: 'Eigentümer',
    sharedWith: 'Geteilt mit',
    notShared: 'Nicht geteilt',
    shareAccepted: 'Angenommen',
    sharePending: 'Ausstehend',
    description: 'Beschreibung',
    noDescription: 'Keine Beschreibung',
    comments: 'Kommentare',
    noComments: 'Keine Kommentare',
    subtasks: 'Unteraufgaben',
    attachments: 'Anhänge',
    addedBy: 'hinzugefügt von {name}',
    pageOf: 'Seite {page} von {pages}',
    exportedOn: 'Exportiert am {date}',
  },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Formats by language, kind and zone: a few thousand at most; a long-running process keeps no more than this. */
const DATE_FORMATS_MAX = 1000;

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = make();
    if (dateFormats.size >= DATE_FORMATS_MAX) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

function formatter(language: LanguageCode, withTime: boolean, timeZone = DEFAULT_TIME_ZONE): Intl.DateTimeFormat {
  return cached(
    `${language}|${withTime}|${timeZone}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone }),
  );
}

/**
 * The zone an export shows its timestamps in (issue 21): the reader's (users.time_zone), as Intl
 * names it; UTC while they have set none, or for a zone this runtime no longer knows.
 */
export function exportTimeZone(timeZone: string | null | undefined): string {
  return (timeZone && canonicalTimeZone(timeZone)) || DEFAULT_TIME_ZONE;
}

/** A calendar date (`YYYY-MM-DD`) in the reader's language. */
export function formatCalendarDate(date: string, language: LanguageCode): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatter(language, false).format(parsed);
}

/** A due date with its time of day when it has one (issue 21): the owner's wall-clock time, so no zone is printed. */
export function formatDueDate(date: string, time: string | null | undefined, language: LanguageCode): string {
  if (!time) return formatCalendarDate(date, language);
  // Read as UTC and printed as UTC: the wall-clock time as written, in no zone.
  const parsed = new Date(`${date.slice(0, 10)}T${time}:00Z`);
  return Number.isNaN(parsed.getTime()) ? `${date} ${time}` : formatter(language, true).format(parsed);
}

/** The zone's short name at an instant in the language ("PST", "GMT-8", "غرينتش-8"): it changes with daylight saving. */
function zoneName(instant: Date, language: LanguageCode, timeZone: string): string {
  if (timeZone === DEFAULT_TIME_ZONE) return 'UTC';
  const format = cached(`${language}|zone|${timeZone}`, () => new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' }));
  return format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An instant (an ISO timestamp) as date and time in the reader's zone (`exportTimeZone`; UTC by
 * default), with the zone's name: a document passed on says whose clock it is.
 */
export function formatTimestamp(timestamp: string | Date, language: LanguageCode, timeZone = DEFAULT_TIME_ZONE): string {
  const parsed = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  if (Number.isNaN(parsed.getTime())) return String(timestamp);
  return `${formatter(language, true, timeZone).format(parsed)} ${zoneName(parsed, language, timeZone)}`;
}

/** A file's size in the reader's language ("820 kB", "3,4 Mo"), as the web app shows it (common/file-size.ts). */
export const formatFileSize = (bytes: number, language: LanguageCode): string => fileSizeText(bytes, language);

export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
