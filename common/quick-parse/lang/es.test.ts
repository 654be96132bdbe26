import { describe, test } from 'vitest';
import { type Expected, expectRows, expectSoundOnAnyPhraseOf, WEEKDAYS_MO_FR } from './table-harness.ts';

/** What a Spanish speaker types, what the task becomes, and the day it is typed on when not TODAY. */
const ROWS: ReadonlyArray<[string, Expected, string?]> = [
  ['Llamar a mamá mañana', { title: 'Llamar a mamá', due_date: '2026-11-26' }],
  ['Pagar la luz hoy', { title: 'Pagar la luz', due_date: '2026-11-25' }],
  // A bare hour from 1 to 6 is in the afternoon; "6h" is written the 24-hour way.
  ['Llamar al fontanero a las 5', { title: 'Llamar al fontanero', due_date: '2026-11-25', due_time: '17:00' }],
  ['Vuelo a las 6h', { title: 'Vuelo', due_date: '2026-11-26', due_time: '06:00' }],
  // Chrono alone reads "pasado mañana" as "mañana".
  ['Recoger el traje pasado mañana', { title: 'Recoger el traje', due_date: '2026-11-27' }],
  ['Recoger el traje pasado manana', { title: 'Recoger el traje', due_date: '2026-11-27' }],
  ['Dentista el viernes a las 17:30', { title: 'Dentista', due_date: '2026-11-27', due_time: '17:30' }],
  // A weekday typed on that weekday is today.
  ['Revisar presupuesto el miércoles', { title: 'Revisar presupuesto', due_date: '2026-11-25' }],
  ['Enviar el informe el próximo viernes', { title: 'Enviar el informe', due_date: '2026-12-04' }],
  ['Revisar presupuesto el miercoles que viene', { title: 'Revisar presupuesto', due_date: '2026-12-02' }],
  ['Cumpleanos de Ana el sabado', { title: 'Cumpleanos de Ana', due_date: '2026-11-28' }],
  ['Reservar mesa para el viernes', { title: 'Reservar mesa', due_date: '2026-11-27' }],
  ['Terminar el informe para mañana', { title: 'Terminar el informe', due_date: '2026-11-26' }],
  ['Cita médica el 5 de marzo', { title: 'Cita médica', due_date: '2027-03-05' }],
  ['Cita médica el 5 de marzo de 2027 a las 10:15', { title: 'Cita médica', due_date: '2027-03-05', due_time: '10:15' }],
  ['Entregar el TFG el lunes 14 de diciembre', { title: 'Entregar el TFG', due_date: '2026-12-14' }],
  // "el jueves 10" is Thursday the 10th, not Thursday at 10:00.
  ['Vuelo a Lima el jueves 10 a las 6h', { title: 'Vuelo a Lima', due_date: '2026-12-10', due_time: '06:00' }],
  ['Fiesta de Navidad el 25/12', { title: 'Fiesta de Navidad', due_date: '2026-12-25' }],
  ['Reunión a las 18:30', { title: 'Reunión', due_date: '2026-11-25', due_time: '18:30' }],
  // A bare time already past today is tomorrow's.
  ['Comprar pan a las 9', { title: 'Comprar pan', due_date: '2026-11-26', due_time: '09:00' }],
  ['Llamar al fontanero 9h30', { title: 'Llamar al fontanero', due_date: '2026-11-26', due_time: '09:30' }],
  ['Ver el partido a las 21h', { title: 'Ver el partido', due_date: '2026-11-25', due_time: '21:00' }],
  ['Llamar a Pedro a las 10 y media', { title: 'Llamar a Pedro', due_date: '2026-11-25', due_time: '10:30' }],
  ['Videollamada a las 5 de la tarde', { title: 'Videollamada', due_date: '2026-11-25', due_time: '17:00' }],
  ['Cena con Ana el sábado a las 9 de la noche', { title: 'Cena con Ana', due_date: '2026-11-28', due_time: '21:00' }],
  ['Comida familiar a mediodía', { title: 'Comida familiar', due_date: '2026-11-25', due_time: '12:00' }],
  // Chrono read "medianoche" as a day without its hour, and left "a" in the title.
  ['Llamar a mamá a medianoche', { title: 'Llamar a mamá', due_date: '2026-11-26', due_time: '00:00' }],
  ['Sacar la basura a la medianoche', { title: 'Sacar la basura', due_date: '2026-11-26', due_time: '00:00' }],
  ['Reunion manana a las 9', { title: 'Reunion', due_date: '2026-11-26', due_time: '09:00' }],
  ['Gimnasio mañana a las 7 de la mañana', { title: 'Gimnasio', due_date: '2026-11-26', due_time: '07:00' }],
  // "mañana por la mañana": the first is tomorrow, the second the morning.
  ['Llamar al banco mañana por la mañana', { title: 'Llamar al banco', due_date: '2026-11-26', due_time: '09:00' }],
  ['Recoger a los niños mañana por la tarde', { title: 'Recoger a los niños', due_date: '2026-11-26', due_time: '14:00' }],
  ['Preparar la maleta el domingo por la noche', { title: 'Preparar la maleta', due_date: '2026-11-29', due_time: '20:00' }],
  ['Planificar la semana esta noche', { title: 'Planificar la semana', due_date: '2026-11-25', due_time: '20:00' }],
  ['Revisión trimestral la semana que viene', { title: 'Revisión trimestral', due_date: '2026-11-30' }],
  ['Pagar el seguro el mes que viene', { title: 'Pagar el seguro', due_date: '2026-12-01' }],
  ['Limpiar el garaje este fin de semana', { title: 'Limpiar el garaje', due_date: '2026-11-28' }],
  ['Renovar el DNI en 3 días', { title: 'Renovar el DNI', due_date: '2026-11-28' }],
  ['Devolver el libro dentro de dos semanas', { title: 'Devolver el libro', due_date: '2026-12-09' }],
  ['Pagar el alquiler mañana !alta #casa', { title: 'Pagar el alquiler', due_date: '2026-11-26', priority: 'high', labels: ['casa'] }],
  ['Arreglar la caldera !media #casa', { title: 'Arreglar la caldera', priority: 'medium', labels: ['casa'] }],
  [
    'Comprar regalos #navidad #familia el 20 de diciembre',
    { title: 'Comprar regalos', due_date: '2026-12-20', labels: ['navidad', 'familia'] },
  ],
  ['Preparar la presentación p2', { title: 'Preparar la presentación', priority: 'medium' }],
  ['Tomar vitaminas cada día', { title: 'Tomar vitaminas', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Regar las plantas todos los días a las 8',
    { title: 'Regar las plantas', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '08:00' },
  ],
  ['Revisar el correo a diario', { title: 'Revisar el correo', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Gimnasio cada lunes y jueves a las 7',
    { title: 'Gimnasio', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26', due_time: '07:00' },
  ],
  [
    'Sacar la basura todos los martes',
    { title: 'Sacar la basura', repeat: { freq: 'weekly', interval: 1, byWeekday: ['TU'] }, due_date: '2026-12-01' },
  ],
  [
    'Clase de inglés los lunes y miércoles',
    { title: 'Clase de inglés', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'WE'] }, due_date: '2026-11-25' },
  ],
  [
    // 10:00 is no longer ahead at 10:00: the first Saturday is still the coming one.
    'Hacer la compra cada sábado a las 10',
    { title: 'Hacer la compra', repeat: { freq: 'weekly', interval: 1, byWeekday: ['SA'] }, due_date: '2026-11-28', due_time: '10:00' },
  ],
  ['Cambiar el filtro cada 2 semanas', { title: 'Cambiar el filtro', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['Llamar a la abuela cada dos semanas', { title: 'Llamar a la abuela', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['Revisar la caldera cada 6 meses', { title: 'Revisar la caldera', repeat: { freq: 'monthly', interval: 6 }, due_date: '2026-11-25' }],
  [
    'Pagar el alquiler cada mes el 1',
    { title: 'Pagar el alquiler', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' },
  ],
  [
    'Pagar la cuota el 15 de cada mes',
    { title: 'Pagar la cuota', repeat: { freq: 'monthly', interval: 1, byMonthDay: 15 }, due_date: '2026-12-15' },
  ],
  [
    'Club de lectura el último viernes de cada mes',
    {
      title: 'Club de lectura',
      repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } },
      due_date: '2026-11-27',
    },
  ],
  [
    'Reunión de socios el primer lunes de cada mes',
    {
      title: 'Reunión de socios',
      repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } },
      due_date: '2026-12-07',
    },
  ],
  ['Renovar el dominio cada año', { title: 'Renovar el dominio', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  ['Revisar el seguro anualmente', { title: 'Revisar el seguro', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Cumpleaños de Lucía cada 5 de marzo',
    { title: 'Cumpleaños de Lucía', repeat: { freq: 'yearly', interval: 1, byMonth: 3, byMonthDay: 5 }, due_date: '2027-03-05' },
  ],
  [
    'Reunión de equipo días laborables a las 9:30',
    { title: 'Reunión de equipo', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-26', due_time: '09:30' },
  ],
  ['Revisar el correo entre semana', { title: 'Revisar el correo', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-25' }],
  [
    'Salir a correr cada mañana',
    { title: 'Salir a correr', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' },
  ],

  // Around the turn of a month, a year and a leap day.
  ['Fiesta en 3 días', { title: 'Fiesta', due_date: '2027-01-02' }, '2026-12-30'],
  ['Planificar el mes que viene', { title: 'Planificar', due_date: '2027-01-01' }, '2026-12-30'],
  ['Llamar pasado mañana', { title: 'Llamar', due_date: '2027-01-01' }, '2026-12-30'],
  ['Resumen del año la semana que viene', { title: 'Resumen del año', due_date: '2027-01-04' }, '2026-12-30'],
  ['Brindar el 1 de enero', { title: 'Brindar', due_date: '2027-01-01' }, '2026-12-30'],
  ['Pagar el alquiler el día 30', { title: 'Pagar el alquiler', due_date: '2027-03-30' }, '2027-02-27'],
  [
    'Cerrar la contabilidad el último día de cada mes',
    { title: 'Cerrar la contabilidad', repeat: { freq: 'monthly', interval: 1, byMonthDay: -1 }, due_date: '2027-02-28' },
    '2027-02-27',
  ],
  ['Comprar flores el 29/2', { title: 'Comprar flores', due_date: '2028-02-29' }, '2027-02-27'],
  // Typed on a Saturday, "este fin de semana" is today.
  ['Limpiar el trastero este fin de semana', { title: 'Limpiar el trastero', due_date: '2027-02-27' }, '2027-02-27'],
  ['Tarea del año bisiesto mañana', { title: 'Tarea del año bisiesto', due_date: '2028-02-29' }, '2028-02-28'],
  ['Pagar la factura pasado mañana', { title: 'Pagar la factura', due_date: '2028-03-01' }, '2028-02-28'],
  [
    'Aniversario cada 29 de febrero',
    { title: 'Aniversario', repeat: { freq: 'yearly', interval: 1, byMonth: 2, byMonthDay: 29 }, due_date: '2028-02-29' },
    '2028-02-28',
  ],

  // Nothing recognisable: the spec's quick add, title as typed.
  ['mañana', { title: 'mañana' }],
  // "de la mañana" is the morning, not tomorrow.
  ['Preparar la rutina de la mañana', { title: 'Preparar la rutina de la mañana' }],
  // A month alone is not a day.
  ['Ir a la playa en mayo', { title: 'Ir a la playa en mayo' }],
  // "mar" is the sea, not chrono's "martes".
  ['Pasear por el mar', { title: 'Pasear por el mar' }],
  // An amount of time is not a time from now.
  ['Hacer 30 minutos de ejercicio', { title: 'Hacer 30 minutos de ejercicio' }],
  ['Comprar 2 kilos de naranjas', { title: 'Comprar 2 kilos de naranjas' }],
  // "el diario" is the diary.
  ['Escribir en el diario', { title: 'Escribir en el diario' }],
  ['Leer Cien años de soledad', { title: 'Leer Cien años de soledad' }],
  ['Llegar tarde no es opción', { title: 'Llegar tarde no es opción' }],
  ['Revisar PR #42', { title: 'Revisar PR #42' }],
  // A date already past is not a due date.
  ['Llamar el 3 de enero de 2020', { title: 'Llamar el 3 de enero de 2020' }],
  // Chrono reads "uh" as NaN hours ("u" for "un") and then looped forever on the zone "et"
  // (Eastern Time): the quick add froze.
  ['Uh et', { title: 'Uh et' }],
];

describe('Spanish quick add', () => {
  expectRows('es', ROWS);
});

/** The Spanish words and phrases the grammar reads, with look-alikes, digits, marks and everyday words. */
const WORDS = [
  ...[
    'hoy',
    'mañana',
    'manana',
    'pasado',
    'Mañana',
    'el',
    'la',
    'las',
    'a',
    'de',
    'del',
    'en',
    'próximo',
    'proximo',
    'próxima',
    'que',
    'viene',
  ],
  ...['lunes', 'miércoles', 'miercoles', 'viernes', 'sábado', 'domingo', 'semana', 'semanas', 'mes', 'meses', 'año', 'días', 'dia'],
  ...['cada', 'todos', 'los', 'diario', 'diariamente', 'laborables', 'último', 'ultimo', 'primer', 'marzo', 'diciembre', 'noche', 'tarde'],
  ...['9', '5', '18:30', '9h', '6h', '15', '31', '29', '2', '25/12', '29/2', '1/2', '24/7', '2027', 'mediodía', 'y', 'media', 'cuarto'],
  ...['comprar', 'leche', 'llamar', 'mamá', 'factura', '#casa', '!alta', 'p2', '-', ',', '.', '¿', '?'],
  // Whole phrases, other capitalisations, ordinal days, and names ending in an accent before a phrase chrono reads.
  ...['a las', 'a las 9', 'a la una', 'el próximo', 'el proximo lunes', 'pasado mañana', 'PASADO MAÑANA', 'HOY', 'Lunes', 'VIERNES'],
  ...[
    '1º',
    '1ro',
    'primero',
    'el 5 de marzo',
    'enero',
    'sept',
    'de la tarde',
    'por la mañana',
    'y media',
    'en 2 horas',
    'dentro de',
    'minutos',
  ],
  ...['José', 'Inés', '(', ')', 'u', 'h', 'et', 'PT'],
];

describe('Spanish quick add, any text', () => {
  test('the title and the chips make the text, every reading is valid, and removing chips until none is left gives the text back', () => {
    // What parse.test.ts checks in every language (expectSoundParse), here on Spanish words and phrases.
    expectSoundOnAnyPhraseOf('es', WORDS);
  });
});
