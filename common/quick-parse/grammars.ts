/**
 * Every language's quick-add grammar. A new language adds its line here; the parser tries the
 * user's language first and English after it.
 */
import { grammar as ar } from './lang/ar.ts';
import { grammar as de } from './lang/de.ts';
import { grammar as en } from './lang/en.ts';
import { grammar as es } from './lang/es.ts';
import { grammar as fr } from './lang/fr.ts';
import { grammar as hi } from './lang/hi.ts';
import type { Grammars } from './types.ts';

export const GRAMMARS: Grammars = { en, hi, ar, es, fr, de };
