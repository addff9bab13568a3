import { describe, expect, it } from 'vitest';
import { htmlToText, replyText, stripReply } from './strip.js';

const lines = (...l: string[]) => l.join('\n');

describe('stripping quoted text and signatures from replies', () => {
  it('keeps only the answer of a Gmail reply in English', () => {
    const mail = lines(
      'Thanks, that fixed it. The contact form works again.',
      '',
      'Best,',
      'Maria',
      '',
      'On Fri, Nov 27, 2026 at 4:02 PM Veteran Agency Support <support@agency.test> wrote:',
      '',
      '> Hi Maria,',
      '>',
      '> We restarted the form service. Could you try again?',
      '>',
      '> Veteran Agency',
    );
    expect(stripReply(mail)).toBe(
      'Thanks, that fixed it. The contact form works again.\n\nBest,\nMaria',
    );
  });

  it('recognises an attribution line that Gmail wrapped, in English and Spanish', () => {
    expect(
      stripReply(
        lines(
          'Works now!',
          '',
          'On Fri, Nov 27, 2026 at 4:02 PM Veteran Agency Support <',
          'support@agency.test> wrote:',
          '',
          '> Hi',
        ),
      ),
    ).toBe('Works now!');
    expect(
      stripReply(
        lines(
          'Gracias, ya funciona.',
          '',
          'El vie, 27 nov 2026 a las 16:02, Soporte Veteran Agency (<',
          'soporte@agency.test>) escribió:',
          '',
          '> Hola María,',
          '> ¿Puede probar otra vez?',
        ),
      ),
    ).toBe('Gracias, ya funciona.');
  });

  it('cuts at Outlook’s header block, with or without the line of underscores', () => {
    const outlook = lines(
      'Hi team,',
      '',
      'The site is still down for me.',
      '',
      'Regards,',
      'John Smith',
      'Smith Plumbing',
      '',
      '________________________________',
      'From: Veteran Agency Support <support@agency.test>',
      'Sent: Friday, November 27, 2026 4:02 PM',
      'To: John Smith <john@smithplumbing.test>',
      'Subject: Re: [#123] Website down',
      '',
      'Hi John, we are looking into it.',
    );
    expect(stripReply(outlook)).toBe(
      'Hi team,\n\nThe site is still down for me.\n\nRegards,\nJohn Smith\nSmith Plumbing',
    );
    expect(
      stripReply(
        lines(
          'Please call me.',
          '',
          '*From:* Veteran Agency Support <support@agency.test>',
          '*Sent:* Friday, November 27, 2026 4:02 PM',
          '*Subject:* Re: Website down',
        ),
      ),
    ).toBe('Please call me.');
    // Spanish Outlook on the desktop.
    expect(
      stripReply(
        lines(
          'Hola,',
          '',
          'Sigue sin funcionar.',
          '',
          '-----Mensaje original-----',
          'De: Soporte <soporte@agency.test>',
          'Enviado el: viernes, 27 de noviembre de 2026 16:02',
          'Para: Ana <ana@panaderia.test>',
          'Asunto: RE: Web caída',
        ),
      ),
    ).toBe('Hola,\n\nSigue sin funcionar.');
    expect(
      stripReply(
        lines(
          'Sigue igual.',
          'De: Soporte <soporte@agency.test>',
          'Enviado: viernes, 27 de noviembre de 2026 16:02',
        ),
      ),
    ).toBe('Sigue igual.');
    expect(
      stripReply(lines('Fine by me.', '-----Original Message-----', 'From: x@agency.test')),
    ).toBe('Fine by me.');
  });

  it('drops Apple Mail’s quote and the phone signature, in English and Spanish', () => {
    expect(
      stripReply(
        lines(
          'Yes please go ahead.',
          '',
          'Sent from my iPhone',
          '',
          '> On Nov 27, 2026, at 4:02 PM, Veteran Agency Support <support@agency.test> wrote:',
          '>',
          '> Shall we publish the new menu?',
        ),
      ),
    ).toBe('Yes please go ahead.');
    expect(
      stripReply(
        lines(
          'Sí, adelante.',
          '',
          'Enviado desde mi iPhone',
          '',
          '> El 27 nov 2026, a las 16:02, Soporte Veteran Agency <soporte@agency.test> escribió:',
          '>',
          '> ¿Publicamos el menú nuevo?',
        ),
      ),
    ).toBe('Sí, adelante.');
    // Apple Mail on a Mac puts the attribution unquoted above the quote.
    expect(
      stripReply(
        lines(
          'Approved.',
          '',
          'On 27 Nov 2026, at 16:02, Veteran Agency Support <support@agency.test> wrote:',
          '',
          '> Please approve the draft.',
        ),
      ),
    ).toBe('Approved.');
  });

  it('drops a signature after the standard delimiter and mobile footers', () => {
    expect(
      stripReply(
        lines('Here is the new logo.', '', '-- ', 'Ana López', 'Panadería López', '+1 555 0100'),
      ),
    ).toBe('Here is the new logo.');
    expect(stripReply(lines('Ok', '', 'Get Outlook for iOS'))).toBe('Ok');
    expect(stripReply(lines('Vale', '', 'Obtener Outlook para Android'))).toBe('Vale');
  });

  it('keeps answers written between quoted lines', () => {
    expect(
      stripReply(
        lines(
          '> Can you send the new opening hours?',
          'Mon–Fri 8–18.',
          '> And the photo of the shop?',
          'Attached.',
        ),
      ),
    ).toBe('Mon–Fri 8–18.\nAttached.');
  });

  it('never loses what the client wrote: below the quote, or a sentence that looks like one', () => {
    expect(
      stripReply(
        lines(
          'On Fri, Nov 27, 2026 at 4:02 PM Support <support@agency.test> wrote:',
          '> Is it fixed?',
          '',
          'Yes, fixed.',
        ),
      ),
    ).toBe('Yes, fixed.');
    const sentence = lines('On Monday the designer wrote:', 'the banner says "Open late".');
    expect(stripReply(sentence)).toBe(sentence);
    expect(stripReply('> only a quote')).toBe('> only a quote');
    expect(stripReply('Plain message\r\nwith CRLF lines\r\n\r\n\r\n\r\nand gaps  ')).toBe(
      'Plain message\nwith CRLF lines\n\nand gaps',
    );
    expect(stripReply('')).toBe('');
  });

  it('prefers the provider’s stripped reply, and still drops a phone footer from it', () => {
    const full = lines(
      'Answer',
      '',
      'On Fri, Nov 27, 2026 at 4:02 PM A <a@agency.test> wrote:',
      '> q',
    );
    expect(replyText('Their answer\n\nSent from my iPhone', full)).toBe('Their answer');
    expect(replyText('   ', full)).toBe('Answer');
    expect(replyText(undefined, full)).toBe('Answer');
  });
});

describe('hostile bodies', () => {
  it('strip in linear time: many separator lines, a megabyte line, deep HTML', () => {
    const separators = `Reply\n${'__________\n'.repeat(200_000)}`;
    expect(stripReply(separators).startsWith('Reply\n__________')).toBe(true);
    expect(stripReply(`${' '.repeat(1_000_000)}x`)).toBe('x');
    expect(stripReply(`On ${'1'.repeat(500_000)}\n`.repeat(3))).toMatch(/^On 1+/);
    expect(htmlToText(`${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`)).toBe('deep');
    expect(htmlToText(`ok${'<style>'.repeat(100_000)}`)).toBe('ok');
    expect(htmlToText(`ok${'<!--'.repeat(100_000)}`)).toBe('ok');
    expect(htmlToText(`a ${'< b '.repeat(300_000)}`)).toMatch(/^a < b < b/);
    expect(htmlToText(`<div ${'class=x'.repeat(200_000)}>text</div>`)).toBe('text');
  });
});

describe('text from HTML-only mail', () => {
  it('keeps the answer and drops Gmail’s and Outlook’s quoted parts', () => {
    const gmail =
      '<div dir="ltr">Thanks! Fish &amp; chips<br>Maria</div><br>' +
      '<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Fri, Nov 27, 2026 wrote:<br></div>' +
      '<blockquote class="gmail_quote">Hi Maria</blockquote></div>';
    expect(htmlToText(gmail)).toBe('Thanks! Fish & chips\nMaria');
    const outlook =
      '<html><head><style>p{color:red}</style></head><body><p>Still down.</p>' +
      '<div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Support</div>' +
      '<p>Old text</p></body></html>';
    expect(htmlToText(outlook)).toBe('Still down.');
    expect(htmlToText('<p>One</p><p>Two</p><script>alert(1)</script>')).toBe('One\n\nTwo');
    // Apple Mail cites with a blockquote; entities decode; whitespace collapses as in a browser.
    expect(
      htmlToText(
        '<div>Yes,\n   &quot;go&quot;&nbsp;ahead &#8212; &#x1F44D;</div><div><br></div>' +
          '<div><blockquote type="cite">On 27 Nov 2026 Support wrote:</blockquote></div>',
      ),
    ).toBe('Yes, "go" ahead — 👍');
    // Answered below the quote: kept rather than lost.
    expect(htmlToText('<blockquote type="cite">Question?</blockquote><p>Answer.</p>')).toBe(
      'Question?\n\nAnswer.',
    );
  });
});
