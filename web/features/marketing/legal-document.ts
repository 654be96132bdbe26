/**
 * The outline of the legal texts: which sections, in which order, made of which blocks.
 * The words live in the `legal` namespace under `<document>.<section>.<key>`.
 */
export type LegalBlock =
  | { kind: 'paragraph'; key: string }
  | { kind: 'heading'; key: string }
  | { kind: 'list'; keys: readonly string[] }
  /** A list whose items start with a bold term: `<key>Term` and `<key>Text`. */
  | { kind: 'terms'; keys: readonly string[] };

export interface LegalSection {
  id: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  id: 'privacy' | 'terms';
  sections: readonly LegalSection[];
}

const p = (key: string): LegalBlock => ({ kind: 'paragraph', key });
const h = (key: string): LegalBlock => ({ kind: 'heading', key });
const list = (...keys: string[]): LegalBlock => ({ kind: 'list', keys });
const terms = (...keys: string[]): LegalBlock => ({ kind: 'terms', keys });

/** Spec §2 privacy sections, in order. */
export const PRIVACY_POLICY: LegalDocument = {
  id: 'privacy',
  sections: [
    { id: 'introduction', blocks: [p('p1'), p('p2')] },
    {
      id: 'collect',
      blocks: [
        p('intro'),
        h('personalTitle'),
        p('personal'),
        list('account', 'profile', 'content', 'sharing', 'attachments'),
        h('usageTitle'),
        p('usage'),
        list('device', 'logs', 'activity', 'preferences'),
        h('cookiesTitle'),
        p('cookies'),
      ],
    },
    { id: 'use', blocks: [p('intro'), list('provide', 'ai', 'progress', 'communicate', 'improve', 'protect', 'comply'), p('noSale')] },
    { id: 'sharing', blocks: [p('intro'), terms('providers', 'legal', 'transfers', 'people', 'integrations', 'push')] },
    { id: 'security', blocks: [p('p1'), p('p2')] },
    { id: 'retention', blocks: [p('p1'), p('p2')] },
    { id: 'rights', blocks: [p('intro'), terms('access', 'correct', 'delete', 'restrict', 'portability', 'object'), p('exercise')] },
    { id: 'changes', blocks: [p('p1'), p('p2')] },
  ],
};

/** Spec §2 terms sections, in order. */
export const TERMS_OF_SERVICE: LegalDocument = {
  id: 'terms',
  sections: [
    { id: 'agreement', blocks: [p('p1'), p('p2')] },
    {
      id: 'description',
      blocks: [p('intro'), list('tasks', 'collaborate', 'ai', 'export', 'attachments', 'progress', 'apps'), p('comingSoon')],
    },
    { id: 'accounts', blocks: [terms('creation', 'security', 'termination')] },
    { id: 'acceptableUse', blocks: [p('intro'), list('unlawful', 'infringing', 'spam', 'access', 'disrupt', 'copy')] },
    { id: 'ip', blocks: [p('p1'), p('p2'), p('p3')] },
    { id: 'ai', blocks: [p('p1'), p('p2')] },
    { id: 'privacy', blocks: [p('p1')] },
    { id: 'availability', blocks: [p('p1'), p('p2')] },
    { id: 'disclaimers', blocks: [p('p1')] },
    { id: 'liability', blocks: [p('p1'), p('p2')] },
    { id: 'law', blocks: [p('p1')] },
    { id: 'changes', blocks: [p('p1'), p('p2')] },
    { id: 'severability', blocks: [p('p1')] },
    { id: 'entire', blocks: [p('p1')] },
  ],
};
