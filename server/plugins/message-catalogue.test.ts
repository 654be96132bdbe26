import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The web app shows the API's English messages in the UI language through
 * web/i18n/locales/<language>/server.json. A message renamed here without its entry there
 * would silently stay English, so every entry must still be a message the code sends.
 */
const root = path.resolve(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
const source = ['server', 'common', 'web/lib']
  .flatMap(sourceFiles)
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const catalogue = JSON.parse(fs.readFileSync(path.join(root, 'web/i18n/locales/en/server.json'), 'utf8')) as Record<string, string>;

describe('the catalogue of API messages the web app translates', () => {
  test.each(Object.keys(catalogue))('“%s” is still sent by the code', (message) => {
    // "The … field is required." also comes from common/schemas/messages.ts requiredField('…').
    const required = /^The (.+) field is required\.$/.exec(message);
    if (required && source.includes(`requiredField('${required[1]}'`)) return;
    // A number in the message is {{n}} in the catalogue and an expression in the code.
    for (const part of message.split('{{n}}').filter((text) => text.trim() !== '')) expect(source).toContain(part);
  });
});
