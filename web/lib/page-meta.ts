import { useEffect } from 'react';
import { LANGUAGE_CODES } from '../../common/locales.ts';

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  /** Protected pages are noindex, nofollow (spec §2). */
  indexable: boolean;
  image?: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string, hreflang?: string) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  let element = document.head.querySelector<HTMLLinkElement>(selector);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    if (hreflang) element.hreflang = hreflang;
    document.head.appendChild(element);
  }
  element.href = href;
}

/** Sets title, description, robots, social preview and alternate-language links for a page. */
export function usePageMeta(meta: PageMeta) {
  const { title, description, keywords, indexable, image } = meta;
  useEffect(() => {
    const fullTitle = title.includes('Taskaty') ? title : `${title} | Taskaty`;
    const origin = window.location.origin;
    const url = `${origin}${window.location.pathname}`;
    const imageUrl = `${origin}${image ?? '/og-image.png'}`;
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', keywords ?? 'task management, to-do list, AI, productivity, Taskaty');
    setMeta('name', 'robots', indexable ? 'index, follow' : 'noindex, nofollow');
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', imageUrl);
    setMeta('property', 'og:site_name', 'Taskaty');
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', imageUrl);
    setLink('canonical', url);
    for (const code of LANGUAGE_CODES) setLink('alternate', `${url}?lang=${code}`, code);
    setLink('alternate', url, 'x-default');
  }, [title, description, keywords, indexable, image]);
}
