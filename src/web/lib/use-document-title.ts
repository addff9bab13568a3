import { useEffect } from 'react';
import { site } from './site';

/** '{page} · {product}', or the shell's own title on the landing page. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    if (page) document.title = `${page} · ${site.name}`;
  }, [page]);
}
