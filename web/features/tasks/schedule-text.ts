// A rule's words live in common/ (the PDF/Word export says them too); the app's screens read them from here.
export { monthDayText, NTH, repeatText, weekdayName } from '../../../common/recurrence-wording.ts';
// Cards show times without the repeat phrases: timeText lives apart, so the dashboard's bundle does not carry them.
export { timeText } from './due-time.ts';
