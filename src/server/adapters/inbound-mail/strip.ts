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
    // Only the next few lines: a scan to the end from every such line would be quadratic.
    const next = lines.slice(i + 1, i + 4).find((l) => l.trim() !== '');
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

const BLOCK = new Set(
  'p div br tr li ul ol h1 h2 h3 h4 h5 h6 pre table hr blockquote section article header footer'.split(
    ' ',
  ),
);
const SKIP = new Set(['script', 'style', 'head', 'title', 'template']);
// Where clients start the quoted conversation: Gmail's and Yahoo's quote containers, Outlook's
// reply header, Thunderbird's attribution, Apple Mail's cited blockquote.
const QUOTE_START =
  /\b(class\s*=\s*["']?[^"'>]*\b(gmail_quote|gmail_attr|yahoo_quoted|moz-cite-prefix)\b|id\s*=\s*["']?(divRplyFwdMsg|appendonsend)\b|type\s*=\s*["']?cite\b)/i;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Walks the markup once, left to right (a parser that keeps an element stack is quadratic on a
 * hostile mail of deeply nested tags), keeping text and turning blocks into line breaks.
 */
function scanHtml(html: string, cutAtQuote: boolean): string {
  let out = '';
  let i = 0;
  let gt = 0; // the next '>', found once and reused, so loose '<'s do not each scan ahead
  const text = (segment: string) => {
    out += decodeEntities(segment.replace(/\s+/g, ' '));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (gt !== -1 && gt <= lt) gt = html.indexOf('>', lt + 1);
    if (gt === -1) {
      text(html.slice(lt)); // no tag can follow
      break;
    }
    const name = /^\/?([a-z][\w:-]*)/i.exec(html.slice(lt + 1, Math.min(lt + 40, html.length)));
    if (!name) {
      // Not a tag ('a < b' written loosely): keep the '<' as text.
      text('<');
      i = lt + 1;
      continue;
    }
    const tag = html.slice(lt + 1, gt);
    const tagName = name[1]!.toLowerCase();
    const closing = tag.startsWith('/');
    i = gt + 1;
    // The marker sits in the first attributes; a bound keeps a hostile megabyte tag cheap.
    if (!closing && cutAtQuote && QUOTE_START.test(tag.slice(0, 2000))) break;
    if (!closing && SKIP.has(tagName)) {
      // Skip to its end tag; a missing one means the rest is skipped, so no text is scanned twice.
      const end = new RegExp(`</${tagName}\\s*>`, 'gi');
      end.lastIndex = i;
      const found = end.exec(html);
      i = found ? found.index + found[0].length : html.length;
      continue;
    }
    // A void element (br, hr) has no end tag; one line break is enough for it.
    if (BLOCK.has(tagName) && !(closing && (tagName === 'br' || tagName === 'hr'))) out += '\n';
  }
  return tidy(out.split('\n').map((l) => l.trim()));
}

/**
 * Plain text of an HTML-only mail, without the quoted conversation. Only for bodies that came
 * with no text part: the text part, when there is one, is what the sender wrote.
 */
export function htmlToText(html: string): string {
  // Nothing before the quote: the client may have answered below it; keep everything then.
  return scanHtml(html, true) || scanHtml(html, false);
}
