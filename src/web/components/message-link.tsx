import type { ReactNode } from 'react';

/**
 * A translated sentence with a link inside, written `…<0>link text</0>…` in the catalog (the
 * translator places the link). Lingui's <Trans> does the same for any markup, but costs 1 KB
 * on every page's first load; our messages only ever hold one link.
 */
export function MessageLink({
  message,
  link,
}: {
  message: string;
  link: (text: string) => ReactNode;
}) {
  const parts = /^([\s\S]*?)<0>([\s\S]*?)<\/0>([\s\S]*)$/.exec(message);
  if (!parts) return message;
  return (
    <>
      {parts[1]}
      {link(parts[2]!)}
      {parts[3]}
    </>
  );
}
