import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { APP_BOOTSTRAP_ATTRIBUTE, APP_BOOTSTRAP_ELEMENT_ID, type AppBootstrap } from '@tessera/core';

const ROOT_ELEMENT = `<div id="${APP_BOOTSTRAP_ELEMENT_ID}"></div>`;

/** Text safe inside a double-quoted HTML attribute. */
function attributeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The built page with the bootstrap JSON on its root element (read again only when the file changes). */
export function indexHtmlWithBootstrap(root: string): (bootstrap: AppBootstrap) => string {
  const file = path.join(root, 'index.html');
  let cached: { mtimeMs: number; text: string } | null = null;
  return (bootstrap) => {
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    const json = attributeText(JSON.stringify(bootstrap));
    return cached.text.replace(ROOT_ELEMENT, `<div id="${APP_BOOTSTRAP_ELEMENT_ID}" ${APP_BOOTSTRAP_ATTRIBUTE}="${json}"></div>`);
  };
}
