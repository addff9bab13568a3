import { Parser } from 'htmlparser2';

/**
 * The reply alone from a mail body: a client answering a support e-mail sends back our message
 * quoted under theirs, and usually a signature. Mail clients mark the quote in a few known ways
 * (Gmail, Apple Mail, Outlook, in English and Spanish); everything from the first such mark on
 * is dropped, and so are '>' lines left between inline answers.
 */

// 'On Fri, Nov 27, 2026 at 4:00 PM Acme <support@acme.test> wrote:' and its translations. Gmail
// wraps a long one over two or three lines, so each is tried on up to three lines joined.
const ATTRIBUTION = [
  /^On\b.*\bwrote\s*:$/i,
  /^El\b.*\bescribi[oó]\s*:$/i,
  /^Le\b.*\ba écrit\s*:$/i,
  /^Am\b.*\bschrieb\b.*:$/i,
  /^Em\b.*\bescreveu\s*:$/i,
];
const ORIGINAL_MESSAGE =
  /^-{2,}\s*(Original Message|Mensaje original|Message d'origine|Ursprüngliche Nachricht|Mensagem original)\s*-{2,}$/i;
// Outlook's header block: 'From: …' then, within a few lines, 'Sent: …' (or Spanish 'De:' and
// 'Enviado:'/'Enviado el:'), sometimes in bold ('*From:*') when converted to text.
const OUTLOOK_FROM = /^\*?(From|De|Von|Da)\s*:\*?\s*\S/i;
const OUTLOOK_SENT = /^\*?(Sent|Date|Enviado|Enviado el|Fecha|Gesendet|Datum|Inviato)\s*:\*?/i;
const UNDERSCORES = /^_{10,}$/;
const SIGNATURE_DELIMITER = /^-- ?$/;
const MOBILE_SIGNATURE =
  /^(Sent from my|Sent from Mail for|Sent from Outlook|Sent from Yahoo|Sent with|Get Outlook for|Enviado desde mi|Enviado desde Outlook|Enviado desde Correo|Enviado desde Yahoo|Obtener Outlook para|Descargar Outlook para)\b.{0,60}$/i;
const QUOTED = /^\s*>/;

function isAttribution(lines: string[], i: number): boolean {
  let joined = '';
  for (let k = i; k < Math.min(lines.length, i + 3); k++) {
    joined = `${joined} ${lines[k]!.trim()}`.trim();
    if (joined.length > 400) return false;
    // A date or an address in it keeps 'On Monday the team wrote:' in a sentence from counting.
    if (/[\d@]/.test(joined) && ATTRIBUTION.some((re) => re.test(joined))) return true;
  }
  return false;
}

function isOutlookHeader(lines: string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (UNDERSCORES.test(line)) {
    const next = lines.slice(i + 1).find((l) => l.trim() !== '');
    return next !== undefined && OUTLOOK_FROM.test(next.trim());
  }
  if (!OUTLOOK_FROM.test(line)) return false;
  return lines.slice(i + 1, i + 5).some((l) => OUTLOOK_SENT.test(l.trim()));
}

/** Where the quote or signature starts, or the number of lines when there is none. */
function cutIndex(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (
      SIGNATURE_DELIMITER.test(lines[i]!.replace(/\r$/, '')) ||
      MOBILE_SIGNATURE.test(line) ||
      ORIGINAL_MESSAGE.test(line) ||
      isOutlookHeader(lines, i) ||
      isAttribution(lines, i)
    ) {
      return i;
    }
  }
  return lines.length;
}

function tidy(lines: string[]): string {
  return lines
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const reply = tidy(lines.slice(0, cutIndex(lines)).filter((l) => !QUOTED.test(l)));
  if (reply !== '') return reply;
  // Nothing above the quote: the client may have answered below it (bottom-posting). Keep every
  // line that is not quoted rather than lose what they wrote; failing that, keep the whole body.
  const unquoted = tidy(
    lines.filter(
      (l, i) => !QUOTED.test(l) && !isAttribution(lines, i) && !ORIGINAL_MESSAGE.test(l.trim()),
    ),
  );
  return unquoted !== '' ? unquoted : tidy(lines);
}

/** The provider's own stripped reply when it found one, else ours from the full text. */
export function replyText(providerStripped: string | undefined, fullText: string): string {
  if (providerStripped && providerStripped.trim() !== '') return stripReply(providerStripped);
  return stripReply(fullText);
}

const BLOCK = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'table',
  'hr',
]);
const SKIP = new Set(['script', 'style', 'head', 'title', 'blockquote']);
// Containers that clients put the quoted conversation in.
const QUOTE_MARKERS = /(^|\s)(gmail_quote|gmail_attr|yahoo_quoted|moz-cite-prefix)(\s|$)/;
const QUOTE_IDS = new Set(['divRplyFwdMsg', 'appendonsend']);

/**
 * Plain text of an HTML-only mail, without the quoted conversation. Only for bodies that came
 * with no text part: the text part, when there is one, is what the sender wrote.
 */
export function htmlToText(html: string): string {
  let out = '';
  let skipDepth = 0;
  let quoteCut = false;
  const stack: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const skips =
          SKIP.has(name) ||
          QUOTE_MARKERS.test(attribs.class ?? '') ||
          QUOTE_IDS.has(attribs.id ?? '');
        if (QUOTE_IDS.has(attribs.id ?? '')) quoteCut = true; // Outlook: the rest is the quote
        stack.push(skips);
        if (skips) skipDepth++;
        if (BLOCK.has(name) && skipDepth === 0) out += '\n';
      },
      ontext(text) {
        if (skipDepth === 0 && !quoteCut) out += text;
      },
      onclosetag(name) {
        if (stack.pop()) skipDepth--;
        // A void element (br, hr) reports a close too; one line break is enough.
        if (BLOCK.has(name) && name !== 'br' && name !== 'hr' && skipDepth === 0) out += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return tidy(
    out
      .replace(/[ \t\u00a0]+/g, ' ')
      .split('\n')
      .map((l) => l.trim()),
  );
}
